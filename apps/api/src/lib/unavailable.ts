// When the database cannot be reached: which errors say so, and the answer a client gets then (503 with
// Retry-After), so an outage reads as "come back in a few seconds", never as a 500 (decision 0027).
import { MESSAGES } from '@agency/contract';
import { Unavailable } from './domain-errors.ts';

/** Seconds a client is asked to wait before trying again while the database is away or writes are off. */
export const RETRY_AFTER_SECONDS = 5;

/** Node's socket errors and PostgreSQL's connection and shutdown SQLSTATEs. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
]);
const UNREACHABLE_MESSAGE =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed|PGlite is closed/i;

/** Whether `error` (or one of its causes) says the database could not be reached, rather than that a query failed. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  if (UNREACHABLE_CODES.has(code) || code.startsWith('08')) return true;
  if (UNREACHABLE_MESSAGE.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** The answer while the database is away: 503, try again in a few seconds. */
export const unavailable = (message: string = MESSAGES.http.unavailable) =>
  new Unavailable(message, RETRY_AFTER_SECONDS);

/** Resolves true when the database answers within `ms`. */
export function databaseAnswers(ping: () => Promise<void>, ms = 1000): Promise<boolean> {
  return Promise.race([
    ping().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref()),
  ]);
}
