import { validationError } from '@agency/contract';
import type { z } from 'zod';
import { Invalid } from './domain-errors.ts';

/** Parses input with a contract schema; bad input is an `Invalid` (400) naming each bad field. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const body = validationError(result.error.issues);
  throw new Invalid(body.error, body.fields);
}
