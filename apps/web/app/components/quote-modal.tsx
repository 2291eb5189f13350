// The "Request a quote" dialog's open state (components/quote-modal-dialog.tsx), a module store that any root
// may use: `openQuoteModal()` from the header's `data-quote` links (layout/site-header.enhance.ts) or a component,
// and `<QuoteModalHost />` where the dialog is drawn (the hosts' root of the public pages, public-runtime/hosts.tsx;
// the site layout under React Router).
import { type ComponentType, useSyncExternalStore } from 'react';
import { LOAD_FAILED_MESSAGE } from '@agency/contract';
import { toast } from '~/state/toasts';
import { usePathnameChange } from '~/lib/use-pathname-change';
import { closeQuoteShell, hasQuoteShell, quoteShellOpen } from './quote-dialog-shell.enhance';

type QuoteDialog = ComponentType<{ onClose: () => void }>;

/**
 * The dialog and its form are not part of the first load: they are fetched when the visitor starts using
 * the page (first scroll, tap or key) or reaches a "Request a quote" button; a tap before they are here is
 * answered by the dialog's shell at once.
 */
let quoteForm: Promise<QuoteDialog> | null = null;
let loadedQuoteForm: QuoteDialog | null = null;
function loadQuoteForm(): Promise<QuoteDialog> {
  quoteForm ??= import('~/components/quote-modal-dialog').then(
    (module) => (loadedQuoteForm = module.QuoteModal),
    (error: unknown) => {
      quoteForm = null; // a failed download may be retried on the next attempt
      throw error;
    },
  );
  return quoteForm;
}

/** Starts loading the form early, e.g. when the pointer or focus reaches a "Request a quote" button. */
export function preloadQuoteForm() {
  loadQuoteForm().catch(() => {});
}

let isOpen = false;
const listeners = new Set<() => void>();
function setOpen(next: boolean) {
  isOpen = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const openState = () => isOpen;
const closedOnServer = () => false;

/**
 * Opens the dialog once its code is here; offline, the visitor is told rather than left with a dead button. Where
 * the page has the dialog's shell (opened by the tap, quote-dialog-shell.enhance.ts), the dialog takes its place,
 * unless the visitor closed it meanwhile.
 */
export function openQuoteModal() {
  const wanted = () => !hasQuoteShell() || quoteShellOpen();
  if (loadedQuoteForm) return void (wanted() && setOpen(true));
  void loadQuoteForm().then(
    () => wanted() && setOpen(true),
    () => {
      closeQuoteShell();
      toast.error(LOAD_FAILED_MESSAGE);
    },
  );
}

export const closeQuoteModal = () => setOpen(false);

/** Draws the dialog while it is open; mounted once per document. */
export function QuoteModalHost() {
  const open = useSyncExternalStore(subscribe, openState, closedOnServer);
  // Back/forward under React Router while the modal is open leaves the page it was opened on: close it with the page.
  usePathnameChange(closeQuoteModal);
  const LoadedQuoteDialog = loadedQuoteForm;
  return open && LoadedQuoteDialog ? <LoadedQuoteDialog onClose={closeQuoteModal} /> : null;
}
