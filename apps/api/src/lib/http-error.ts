import type { ApiError } from '@agency/contract';
import {
  Conflict,
  DomainError,
  FailsChecks,
  Forbidden,
  NotFound,
  TooLarge,
  TooMany,
  Unauthenticated,
  Unavailable,
  WrongType,
} from './domain-errors.ts';

/** An error with the status and the JSON body the client should see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: ApiError['fields'],
    readonly headers?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  toJSON(): ApiError {
    const body = this.fields ? { error: this.message, fields: this.fields } : { error: this.message };
    return this.details ? { ...body, ...this.details } : body;
  }
}

/** The status of each domain refusal, most specific first (lib/domain-errors.ts; anything else `Invalid` is 400). */
const STATUS: [new (...args: never[]) => DomainError, number][] = [
  [NotFound, 404],
  [Conflict, 409],
  [TooLarge, 413],
  [WrongType, 415],
  [FailsChecks, 422],
  [Unauthenticated, 401],
  [Forbidden, 403],
  [TooMany, 429],
  [Unavailable, 503],
];

/**
 * The answer a client gets for `error`: an HttpError as it is, a domain error with its status (decision 0037),
 * undefined for anything else (a fault, which the error handler logs and answers 500).
 */
export function answerOf(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (!(error instanceof DomainError)) return undefined;
  const status = STATUS.find(([type]) => error instanceof type)?.[1] ?? 400;
  const headers =
    error instanceof TooMany || error instanceof Unavailable
      ? { 'retry-after': String(error.retryAfterSeconds) }
      : undefined;
  return new HttpError(status, error.message, error.fields, headers, error.details);
}
