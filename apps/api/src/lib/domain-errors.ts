// What a service throws when it refuses (decision 0037): the refusal in the domain's words, knowing nothing of
// HTTP. One error handler (plugins/errors.ts, through lib/http-error.ts's `answerOf`) turns each into its status
// and the `{ error, fields }` body of docs/product.md; the native forms show the same sentence on the page.
import type { ApiError } from '@agency/contract';

type Fields = ApiError['fields'];

/** A refusal a caller can act on: `message` is the sentence shown, `fields` names the fields at fault. */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly fields?: Fields,
    /** More of the answer's body beside `error` and `fields` (who saved meanwhile, which checks failed…). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The thing asked for does not exist (or is not the caller's to see). */
export class NotFound extends DomainError {}

/** The thing is not in a state that allows this (already on, saved meanwhile, last admin…). */
export class Conflict extends DomainError {}

/** The input is wrong; `fields` names each field at fault with its sentence. */
export class Invalid extends DomainError {}

/** The input is too big (a file, a body). */
export class TooLarge extends Invalid {}

/** A file of a type that is not taken here. */
export class WrongType extends Invalid {}

/** Well-formed, but it fails the checks that must pass first (a document's publish checks). */
export class FailsChecks extends Invalid {}

/** The caller is not who they must be: no or wrong credentials, a wrong code. */
export class Unauthenticated extends DomainError {}

/** The caller is known but may not do this. */
export class Forbidden extends DomainError {}

/** Too many attempts; the caller may try again after `retryAfterSeconds`. */
export class TooMany extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Something this needs is away for a while (the database, the file store); try again after `retryAfterSeconds`. */
export class Unavailable extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** `{ [field]: message }` as an `Invalid`: the common one-field refusal. */
export const invalidField = (field: string, message: string) => new Invalid(message, { [field]: message });
