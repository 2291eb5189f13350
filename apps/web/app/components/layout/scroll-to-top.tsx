// Scrolls to the top on every new page (docs/product.md section 2), instantly: the global smooth scrolling
// is for in-page anchors, not for arriving on a new page.
import { useEffect } from 'react';
import { useLocation, useNavigationType } from '~/lib/navigation';

export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    // Back/forward (POP, also the first load) keeps the browser's restored position; a #anchor
    // link is scrolled to its target by React Router's ScrollRestoration, or by the public pages' runtime.
    if (navigationType === 'POP' || hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // Only a new pathname is a new page; the hash and navigation type are read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return null;
}
