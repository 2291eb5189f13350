// The "Request a quote" dialog's first answer (DECISIONS.md 10), plain script attached by every page's entry
// (public-runtime/enhance.ts): a tap on a "Request a quote" link opens the dialog's shell (quote-dialog-shell.tsx,
// server markup: its heading and Close, the room for the form) in the frame of the tap, sliding in as the dialog
// does, with focus on Close, Tab kept inside and Escape closing it. The dialog itself (quote-modal-dialog.tsx, React)
// takes the shell's place when its code has arrived, without sliding again; one closed before then never opens.
import { isInOtherModal, trapFocus } from '~/components/ui/trap-focus';

/** The attributes quote-dialog-shell.tsx writes. */
export const SHELL_HOOKS = { shell: 'data-quote-shell', close: 'data-quote-shell-close' } as const;

/** What the shell and the dialog both say. */
export const QUOTE_DIALOG_TEXT = {
  title: 'Request a quote',
  intro: 'Tell us about your project and we will reply within one business day.',
} as const;

const shellElement = () => document.querySelector<HTMLElement>(`[${SHELL_HOOKS.shell}]`);

let release: ((returnFocus?: boolean) => void) | null = null;
let opener: HTMLElement | null = null;
let overflow = '';

/** Whether the shell is on screen (the dialog is wanted and has not taken over). */
export const quoteShellOpen = () => release !== null;

/** Whether this page has the shell (React Router's admin pages do not). */
export const hasQuoteShell = () => shellElement() !== null;

function hide(element: HTMLElement, returnFocus: boolean) {
  element.hidden = true;
  delete element.dataset.entered;
  document.body.style.overflow = overflow;
  const stop = release;
  release = null;
  stop?.(returnFocus);
}

/** Opens the shell (a "Request a quote" tap). */
export function openQuoteShell() {
  const element = shellElement();
  if (!element || release) return;
  element.hidden = false;
  // Laid out where it starts, then moved: the slide runs from this frame on.
  void element.offsetHeight;
  element.dataset.entered = '';
  // The page behind must not scroll while the dialog covers it.
  overflow = document.body.style.overflow;
  document.body.style.overflow = 'hidden';
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  release = trapFocus(element, element.querySelector<HTMLElement>(`[${SHELL_HOOKS.close}]`), opener);
}

/** Closes the shell: the dialog, when its code arrives, stays closed. */
export function closeQuoteShell() {
  const element = shellElement();
  if (element && release) hide(element, true);
}

/**
 * The dialog takes over: null when the shell was not open; else the shell's opener (the dialog then shows at once,
 * without sliding again, takes focus at once and hands it back to that opener when it closes).
 */
export function handOverQuoteShell(): { opener: HTMLElement | null } | null {
  const element = shellElement();
  if (!element || !release) return null;
  hide(element, false);
  return { opener };
}

/** Attaches Close and Escape to the shell. */
export function quoteDialogShell(element: HTMLElement) {
  element.querySelector(`[${SHELL_HOOKS.close}]`)?.addEventListener('click', closeQuoteShell);
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !release || event.defaultPrevented) return;
    if (isInOtherModal(element, document.activeElement)) return;
    closeQuoteShell();
  });
}
