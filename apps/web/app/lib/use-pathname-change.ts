// Menus and dialogs close when the visitor goes to another page, but not when the page first renders:
// a click that lands while the page hydrates has already opened them by then.
import { useEffect, useRef } from 'react';
import { useLocation } from '~/lib/navigation';

/** Calls `onChange` after the route's pathname changes; never for the first render. */
export function usePathnameChange(onChange: () => void) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    callback.current();
  }, [pathname]);
}
