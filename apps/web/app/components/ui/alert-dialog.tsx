// The accessible in-page replacement of window.alert() (DECISIONS.md 4.5): role="alertdialog",
// focus on OK, Escape or OK closes. `await showAlert(text)` resolves when it is closed.
import { useEffect, useRef, useSyncExternalStore } from 'react';

interface Pending {
  message: string;
  resolve: () => void;
}

let current: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function showAlert(message: string): Promise<void> {
  return new Promise((resolve) => {
    current?.resolve();
    current = { message, resolve };
    emit();
  });
}

function close() {
  const closing = current;
  current = null;
  emit();
  closing?.resolve();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Mounted once in the root. */
export function AlertDialogHost() {
  const pending = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
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
