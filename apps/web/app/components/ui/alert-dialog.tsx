// The accessible in-page replacement of window.alert() (docs/product.md D4): role="alertdialog",
// focus on OK, Escape or OK closes. `await showAlert(text)` resolves when it is closed.
import { useEffect, useRef } from 'react';
import { createDialogStore } from '~/lib/dialog-store';

const alerts = createDialogStore<{ message: string }, void>(undefined);

export const showAlert = (message: string): Promise<void> => alerts.open({ message });
const close = () => alerts.answer();

/** Mounted once in the root. */
export function AlertDialogHost() {
  const pending = alerts.usePending();
  const okRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!pending) return;
    const previous = document.activeElement as HTMLElement | null;
    okRef.current?.focus();
    return () => previous?.focus?.();
  }, [pending]);

  if (!pending) return null;
  return (
    <div className="fixed inset-0 z-[110] flex items-center justify-center bg-slate-950/50 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="alert-dialog-message"
        className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
          // The dialog has one control: keep Tab on it.
          if (event.key === 'Tab') {
            event.preventDefault();
            okRef.current?.focus();
          }
        }}
      >
        <p id="alert-dialog-message" className="text-base text-slate-900">
          {pending.message}
        </p>
        <div className="mt-6 flex justify-end">
          <button
            ref={okRef}
            type="button"
            onClick={close}
            className="rounded-md bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
          >
            OK
          </button>
        </div>
      </div>
    </div>
  );
}
