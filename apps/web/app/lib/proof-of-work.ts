// The public forms' proof of work: a challenge from our own API, solved in a Web Worker while the visitor
// types (no puzzle, no cookie, no other site). A form sent before the solution is ready waits for it in its
// Submitting state; without JavaScript the field is simply absent and the server files the lead as spam.
import type { Challenge } from '@agency/contract';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { challengeResponse } from './challenge-request';
import { loadSendKit } from './load-send-kit';

/** Longest a submit waits for the solution; after that the form is sent without one (stored as spam, not lost). */
const MAX_WAIT_MS = 8000;
/** A solution this close to its expiry is replaced before sending. */
const EXPIRY_MARGIN_S = 30;

interface Solution {
  /** `{ altcha: … }`, named by the contract (which comes with the send kit). */
  fields: Record<string, string>;
  expires: number;
}

const expiresOf = (challenge: Challenge) =>
  Number(new URLSearchParams(challenge.salt.split('?')[1] ?? '').get('expires'));

function solveInWorker(
  challenge: Challenge,
  solveHere: (challenge: Challenge) => number | null,
): Promise<number | null> {
  if (typeof Worker === 'undefined') return Promise.resolve(solveHere(challenge));
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' });
    const done = (number: number | null) => {
      worker.terminate();
      resolve(number);
    };
    worker.onmessage = (event: MessageEvent<number | null>) => done(event.data);
    worker.onerror = () => done(null);
    worker.postMessage(challenge);
  });
}

/** Fetches and solves one challenge; null when the API or the worker fails (the form is then sent without). */
async function prepare(): Promise<Solution | null> {
  try {
    // The form's send kit comes along: the form is being used, so it will be sent.
    const [kit, response] = await Promise.all([loadSendKit(), challengeResponse()]);
    if (!response.ok) return null;
    const { ALTCHA_FIELD, ChallengeSchema, encodeAltcha, solveChallenge } = kit;
    const challenge = ChallengeSchema.parse(await response.json());
    const number = await solveInWorker(challenge, solveChallenge);
    return number === null
      ? null
      : { fields: { [ALTCHA_FIELD]: encodeAltcha(challenge, number) }, expires: expiresOf(challenge) };
  } catch {
    return null;
  }
}

const timeout = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));

/**
 * Starts solving when the visitor first focuses or types in the form. `fields()` gives `{ altcha }` for the
 * next send (waiting for the solution if needed) and starts the next one, since each solution is good once.
 */
export function useProofOfWork(formRef: RefObject<HTMLFormElement | null>) {
  const pending = useRef<Promise<Solution | null> | null>(null);

  const start = useCallback(() => {
    pending.current ??= prepare();
  }, []);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // Some visitors never touch the form: nothing is fetched or computed for them.
    if (form.contains(document.activeElement)) start();
    form.addEventListener('focusin', start, { once: true });
    form.addEventListener('input', start, { once: true });
    return () => {
      form.removeEventListener('focusin', start);
      form.removeEventListener('input', start);
    };
  }, [formRef, start]);

  const fields = useCallback(async (): Promise<Record<string, string>> => {
    start();
    let solution = await Promise.race([pending.current, timeout(MAX_WAIT_MS)]);
    if (solution && solution.expires - Date.now() / 1000 < EXPIRY_MARGIN_S) {
      pending.current = prepare();
      solution = await Promise.race([pending.current, timeout(MAX_WAIT_MS)]);
    }
    pending.current = null;
    start();
    return solution?.fields ?? {};
  }, [start]);

  return { fields };
}
