// Keeps keyboard focus inside an open modal and hands it back to whatever opened it: plain DOM, no React, so the
// quote dialog's shell (components/quote-dialog-shell.enhance.ts) uses it before React has arrived, and
// focus-trap.ts's hook for the React dialogs.

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Focusable elements inside `root`, in tab order, skipping ones that are not rendered. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden],[inert]') && element.getClientRects().length > 0,
  );
}

/** True when `element` sits in a modal other than `root`, e.g. an alert opened over it. */
export function isInOtherModal(root: HTMLElement, element: Element | null): boolean {
  const modal = element?.closest('[aria-modal="true"]');
  return Boolean(modal && modal !== root && !root.contains(modal));
}

/**
 * Moves focus into `root` (to `initial`, else an element marked `data-autofocus`, else the first control), wraps
 * Tab and Shift+Tab around its edges; the returned function stops that and (unless told not to) returns focus to
 * `opener` (by default the element that had focus). Plain DOM.
 */
export function trapFocus(
  root: HTMLElement,
  initial?: HTMLElement | null,
  opener: HTMLElement | null = document.activeElement instanceof HTMLElement ? document.activeElement : null,
): (returnFocus?: boolean) => void {
  const marked = root.querySelector<HTMLElement>('[data-autofocus]');
  (initial ?? marked ?? focusableIn(root)[0] ?? root).focus();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    // Another modal stacked on top (the alert dialog) keeps its own focus.
    if (isInOtherModal(root, document.activeElement)) return;
    const items = focusableIn(root);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const current = document.activeElement;
    if (event.shiftKey && (current === first || !root.contains(current))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || !root.contains(current))) {
      event.preventDefault();
      first.focus();
    }
  };
  document.addEventListener('keydown', onKeyDown);
  return (returnFocus = true) => {
    document.removeEventListener('keydown', onKeyDown);
    // The opener may have gone (e.g. the mobile menu closed); then focus falls back to the body.
    if (returnFocus && opener?.isConnected) opener.focus();
  };
}
