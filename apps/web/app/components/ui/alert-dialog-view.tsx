// What components/ui/alert-dialog.tsx shows, fetched with the first alert: role="alertdialog", focus on OK
// (and back where it was once closed), Escape or OK closes.
import { useEffect, useRef } from 'react';

export default function AlertDialogView({ message, onClose }: { message: string; onClose: () => void }) {
  const okRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    okRef.current?.focus();
    return () => previous?.focus?.();
  }, [message]);

  return (
    <div className="fixed inset-0 z-[110] flex items-center justify-center bg-slate-950/50 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="alert-dialog-message"
        className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
          // The dialog has one control: keep Tab on it.
          if (event.key === 'Tab') {
            event.preventDefault();
            okRef.current?.focus();
          }
        }}
      >
        <p id="alert-dialog-message" className="text-base text-slate-900">
          {message}
        </p>
        <div className="mt-6 flex justify-end">
          <button
            ref={okRef}
            type="button"
            onClick={onClose}
            className="rounded-md bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
          >
            OK
          </button>
        </div>
      </div>
    </div>
  );
}
