// The error of a failed /api request, apart from the client (lib/api.ts) so that checking for it does not
// bring the client and the contract's schemas into a page.
import type { ApiError } from '@agency/contract';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
  ) {
    super(body?.error ?? `Request failed with status ${status}`);
  }
}
