// What a public form needs only once it is sent: the contract's schemas (zod, the largest part), the API
// client and the proof of work's decoding. Never loaded with the page: `loadSendKit` fetches it on the first
// focus or input in a form, together with the proof of work, so it is there by the time the form is sent.
import { validationError, type ApiError } from '@agency/contract';

export {
  ALTCHA_FIELD,
  ChallengeSchema,
  ContactSchema,
  JobApplicationSchema,
  QuoteRequestSchema,
  encodeAltcha,
  requiredMessage,
  solveChallenge,
} from '@agency/contract';
export { apiJson } from '~/lib/api';
export { uploadForm } from '~/lib/upload';
export { sendWhileBusy } from '~/lib/send-while-busy';

type Issues = Parameters<typeof validationError>[0];
/** Any contract schema (kept structural so the web need not import zod itself). */
export interface Checkable {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: Issues } };
}

/** The same answer the server would give for bad input, computed before sending; null when valid. */
export function checkLocally(schema: Checkable, input: unknown): ApiError | null {
  const result = schema.safeParse(input);
  return result.success ? null : validationError(result.error.issues);
}
