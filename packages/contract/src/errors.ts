import { z } from 'zod';
import { MESSAGES } from './messages.ts';

// The sentences that name a field live with the field names, so that a page can use them without zod.
export { invalidTextMessage, notTextMessage, optionMessage, requiredMessage, tooLongMessage } from './fields.ts';

/** Every error the API sends: a sentence for a person and, for bad input, one message per field. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Turns zod issues into `{ field: message }`, first message per field. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'body');
    fields[field] ??= issue.message;
  }
  return fields;
}

/** The 400 body for failed validation: the sentence names the first bad field. */
export function validationError(issues: readonly z.core.$ZodIssue[]): ApiError {
  const fields = fieldErrors(issues);
  const first = Object.keys(fields)[0];
  return {
    error: first ? (fields[first] ?? MESSAGES.http.badRequest) : MESSAGES.http.badRequest,
    fields,
  };
}
