// The error of a failed /api request, apart from the client (lib/api.ts) so that checking for it does not
// bring the client and the contract's schemas into a page.
import type { ApiError } from '@agency/contract';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
    /** The answer's Retry-After in seconds, when it had one (a 503 while the site's writes are off). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body?.error ?? `Request failed with status ${status}`);
  }
}

/** A Retry-After header given in seconds (its date form is not used by this site), or null. */
export function retryAfterOf(header: string | null): number | null {
  const seconds = header === null || header.trim() === '' ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}
