// The accessible in-page replacement of window.alert() (docs/product.md D4): role="alertdialog",
// focus on OK, Escape or OK closes. `await showAlert(text)` resolves when it is closed. The dialog itself
// (alert-dialog-view.tsx) is fetched with the first alert, not with the page.
import { Suspense, lazy } from 'react';
import { createDialogStore } from '~/lib/dialog-store';

const alerts = createDialogStore<{ message: string }, void>(undefined);

export const showAlert = (message: string): Promise<void> => alerts.open({ message });
const close = () => alerts.answer();

const AlertDialogView = lazy(() => import('./alert-dialog-view'));

/** Mounted once in the root. */
export function AlertDialogHost() {
  const pending = alerts.usePending();
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialogView message={pending.message} onClose={close} />
    </Suspense>
  );
}
