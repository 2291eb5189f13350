// An accessible confirmation (role="alertdialog") for destructive actions: `await confirmAction(...)`
// resolves true when the person confirms. Mount <ConfirmDialogHost /> once on the page.
import { Modal } from '~/components/ui/modal';
import { createDialogStore } from '~/lib/dialog-store';
import { dangerButton, secondaryButton } from './form-styles';

const confirmations = createDialogStore<{ message: string; confirmLabel: string }, boolean>(false);

export const confirmAction = (message: string, confirmLabel = 'Delete'): Promise<boolean> =>
  confirmations.open({ message, confirmLabel });
const answer = (confirmed: boolean) => confirmations.answer(confirmed);

export function ConfirmDialogHost() {
  const pending = confirmations.usePending();
  if (!pending) return null;
  return (
    <Modal
      role="alertdialog"
      title="Are you sure?"
      description={<p>{pending.message}</p>}
      closeButton={false}
      onClose={() => answer(false)}
    >
      <div className="flex justify-end gap-3">
        <button type="button" data-autofocus onClick={() => answer(false)} className={secondaryButton}>
          Cancel
        </button>
        <button type="button" onClick={() => answer(true)} className={dangerButton}>
          {pending.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
