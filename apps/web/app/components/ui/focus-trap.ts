// Keeps keyboard focus inside an open React modal (trap-focus.ts, plain DOM, does the work).
import { type RefObject, useEffect } from 'react';
import { trapFocus } from './trap-focus';

export { focusableIn, isInOtherModal } from './trap-focus';

/** While `active`: trapFocus (trap-focus.ts) on `ref`, handing focus back when it ends. */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  initialFocus?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    return trapFocus(root, initialFocus?.current);
  }, [ref, active, initialFocus]);
}
