// The public pages' hosts of what any island or the header may open: the toasts, the alert dialog and the "Request
// a quote" dialog, module stores drawn by one React root of their own, created (not hydrated: they render nothing
// until used) with the first island or the first "Request a quote".
import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { QuoteModalHost, openQuoteModal } from '~/components/quote-modal';
import { AlertDialogHost } from '~/components/ui/alert-dialog';
import { Toaster, toast } from '~/components/ui/toast';
import type { ToastOptions } from '~/state/toasts';

let mounted = false;

export function mountHosts() {
  if (mounted) return;
  mounted = true;
  const element = document.createElement('div');
  element.dataset.hosts = '';
  element.className = 'contents';
  document.body.append(element);
  createRoot(element).render(
    <StrictMode>
      <Toaster />
      <AlertDialogHost />
      <QuoteModalHost />
    </StrictMode>,
  );
}

/** What the header's `data-quote` links do (enhance.ts). */
export function openQuote() {
  mountHosts();
  openQuoteModal();
}

export { preloadQuoteForm } from '~/components/quote-modal';

/** Shows the toasts the page before carried here (island.tsx's move to another page). */
export function showCarriedToasts(carried: { message: string; options: ToastOptions }[]) {
  mountHosts();
  for (const { message, options } of carried) toast(message, options);
}
