import type { ApiError } from '@agency/contract';

/** An error with the status and the JSON body the client should see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: ApiError['fields'],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toJSON(): ApiError {
    return this.fields ? { error: this.message, fields: this.fields } : { error: this.message };
  }
}
