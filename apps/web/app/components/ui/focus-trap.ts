// Keeps keyboard focus inside an open React modal (trap-focus.ts, plain DOM, does the work).
import { type RefObject, useEffect } from 'react';
import { trapFocus } from './trap-focus';

export { focusableIn, isInOtherModal } from './trap-focus';

/**
 * While `active`: trapFocus (trap-focus.ts) on `ref`, handing focus back when it ends to `opener` when given (a
 * dialog that took a shell's place: the shell's opener), else to the element that had focus.
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  initialFocus?: RefObject<HTMLElement | null>,
  opener?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    const stop = trapFocus(root, initialFocus?.current, opener?.current ?? undefined);
    return () => stop();
  }, [ref, active, initialFocus, opener]);
}
