// The one place that decides what a log line may hold: no SQL parameters, password hashes, tokens,
// form values or query strings, and nothing unbounded from a client.
import type { FastifyServerOptions } from 'fastify';
import type { BaseLogger, DestinationStream, LoggerOptions } from 'pino';

/** What services log with (a request's or the app's logger): they take it as a plain value. */
export type Log = Pick<BaseLogger, 'error' | 'warn' | 'info'>;

/** Longest text of any one logged value (messages, stacks, URLs). */
const MAX_TEXT = 2000;
/** How deep `cause` chains are followed. */
const MAX_CAUSES = 4;

const bounded = (text: string, max = MAX_TEXT) => (text.length > max ? `${text.slice(0, max)}… (cut)` : text);

/**
 * Headers and fields that carry credentials, wherever they appear in a logged object. Request bodies are
 * never logged at all; these catch an object logged by mistake.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'passwordHash',
  'accessToken',
  'refreshToken',
  'token',
  'body',
  '*.password',
  '*.passwordHash',
  '*.accessToken',
  '*.refreshToken',
  '*.token',
  '*.body',
];

/**
 * Driver errors describe the row that failed: `params` (drizzle), `detail` ("Key (email)=(…)"), `where`.
 * Only these fields are kept from an error; the rest never reaches the log.
 */
const ERROR_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'constraint', 'schema'] as const;

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/** Drizzle's DrizzleQueryError: its message is "Failed query: <sql>\nparams: <values>". */
const isQueryError = (error: object): error is Error & { query: string; params: unknown } =>
  'query' in error && 'params' in error && typeof (error as { query: unknown }).query === 'string';

/**
 * A database's own error (it has a SQLSTATE code). Its message may quote the value that failed
 * ('invalid input syntax for type integer: "…"'), so only the part before the quote is kept.
 */
const isDatabaseError = (error: object) =>
  'severity' in error && /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown }).code));

function safeMessage(error: Error): string {
  // PGlite's errors carry `query` and `params` too: the database's own message wins.
  if (isDatabaseError(error)) return error.message.split(': ')[0] ?? '';
  if (isQueryError(error)) return `Failed query: ${error.query}`;
  return error.message;
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: bounded(String(error)) };
  const message = safeMessage(error);
  const logged: LoggedError = { type: error.constructor?.name ?? 'Error', message: bounded(message) };
  if (error.stack) {
    // The stack starts with the message; only the frames after it are kept, behind the safe message.
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
    logged.stack = bounded([`${logged.type}: ${logged.message}`, ...frames].join('\n'), MAX_TEXT * 2);
  }
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = bounded(String(value), 200);
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

interface RawRequest {
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
  ip?: string;
  id?: string;
}

/** The request as logged: method, path without its query string, route, address. */
function serializeRequest(request: RawRequest) {
  return {
    id: request.id,
    method: request.method,
    url: bounded((request.url ?? '').split('?')[0] ?? '', 300),
    route: request.routeOptions?.url,
    // No client address: it is personal data (the rate limits and the audit keep it hashed, never in the log).
  };
}

/** Pino options for the server's logger; tests pass a stream to read what would be written. */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  const options: LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
  return stream ? { ...options, stream } : options;
}
