// The public pages' hosts of what any island or the header may open: the alert dialog and the "Request a quote"
// dialog, module stores drawn by one React root of their own, created (not hydrated: they render nothing until
// used) with the first island or the first "Request a quote". (The toasts are plain DOM, components/ui/toast-list.ts.)
import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { QuoteModalHost, openQuoteModal } from '~/components/quote-modal';
import { AlertDialogHost } from '~/components/ui/alert-dialog';

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
