// An accessible confirmation (role="alertdialog") for destructive actions: `await confirmAction(...)`
// resolves true when the person confirms. Mount <ConfirmDialogHost /> once on the page.
import { useRef } from 'react';
import { createDialogStore } from '~/lib/dialog-store';
import { dangerButton, secondaryButton } from './form-styles';
import { useModal } from './use-modal';

const confirmations = createDialogStore<{ message: string; confirmLabel: string }, boolean>(false);

export const confirmAction = (message: string, confirmLabel = 'Delete'): Promise<boolean> =>
  confirmations.open({ message, confirmLabel });
const answer = (confirmed: boolean) => confirmations.answer(confirmed);

export function ConfirmDialogHost() {
  const pending = confirmations.usePending();
  const ref = useRef<HTMLDivElement>(null);
  useModal(ref, pending !== null, () => answer(false));
  if (!pending) return null;
  return (
    <div className="fixed inset-0 z-[105] flex items-center justify-center bg-slate-950/50 p-4">
      <div
        ref={ref}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-dialog-message"
        className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
      >
        <p id="confirm-dialog-message" className="text-base text-slate-900">
          {pending.message}
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" data-autofocus onClick={() => answer(false)} className={secondaryButton}>
            Cancel
          </button>
          <button type="button" onClick={() => answer(true)} className={dangerButton}>
            {pending.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
