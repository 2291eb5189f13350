import { z } from 'zod';
import { labelOf } from './fields.ts';
import { MESSAGES } from './messages.ts';

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

export const requiredMessage = (field: string) => `${labelOf(field)} is required`;
export const tooLongMessage = (field: string, max: number) => `${labelOf(field)} must be at most ${max} characters`;
export const invalidTextMessage = (field: string) => `${labelOf(field)} contains characters that are not allowed`;
export const optionMessage = (field: string) => `${labelOf(field)} is not one of the offered options`;
