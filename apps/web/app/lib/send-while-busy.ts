// A public form sent while the site takes no writes for a moment (a move to a new server, decision 0027; or
// its database away): the API answers 503 with Retry-After. The form keeps saying it is sending
// (MESSAGES.http.stillSending, a toast of the form's own key, which its success or failure then replaces) and
// sends the same body again when asked to, until it is taken: the lead is sent once, nothing typed is lost.
import { MESSAGES, STILL_SENDING } from '@agency/contract';
import { dismiss, toast } from '~/state/toasts';
import { ApiRequestError } from './api-error';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long to wait before sending again after `error`, or null: the error is the answer. */
function retryDelayOf(error: unknown): number | null {
  if (!(error instanceof ApiRequestError) || error.status !== 503 || error.retryAfterSeconds === null) return null;
  return Math.min(STILL_SENDING.maxDelayMs, Math.max(STILL_SENDING.minDelayMs, error.retryAfterSeconds * 1000));
}

/**
 * Runs `send` (one request, built the same each time) until it is answered with anything but a 503 with
 * Retry-After, or STILL_SENDING.giveUpMs have passed. `key`: the form's toast key.
 */
export async function sendWhileBusy<T>(send: () => Promise<T>, key: string): Promise<T> {
  const started = Date.now();
  let waiting: number | null = null;
  try {
    for (;;) {
      try {
        return await send();
      } catch (error) {
        const delay = retryDelayOf(error);
        if (delay === null || Date.now() - started + delay > STILL_SENDING.giveUpMs) throw error;
        waiting = toast(MESSAGES.http.stillSending, { variant: 'info', persist: true, key });
        await sleep(delay);
      }
    }
  } finally {
    // The form's own answer follows (its success or failure).
    if (waiting !== null) dismiss(waiting);
  }
}
