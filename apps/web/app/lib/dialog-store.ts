// One request at a time for a dialog that any code can open and await (`await showAlert(...)`,
// `await confirmAction(...)`): a small external store that the dialog's host component reads.
import { useSyncExternalStore } from 'react';

type Pending<Request, Answer> = Request & { resolve: (answer: Answer) => void };

/** `dismissed` answers a request that a newer one replaces before anybody answered it. */
export function createDialogStore<Request extends object, Answer>(dismissed: Answer) {
  let current: Pending<Request, Answer> | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    /** Shows the dialog; resolves with the answer it is closed with. */
    open(request: Request): Promise<Answer> {
      return new Promise((resolve) => {
        current?.resolve(dismissed);
        current = { ...request, resolve };
        emit();
      });
    },
    /** Closes the dialog with `answer`. */
    answer(answer: Answer) {
      const closing = current;
      current = null;
      emit();
      closing?.resolve(answer);
    },
    /** The request on screen, or null (always null in the server's HTML). */
    usePending(): Pending<Request, Answer> | null {
      return useSyncExternalStore(
        subscribe,
        () => current,
        () => null,
      );
    },
  };
}
