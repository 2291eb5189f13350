import { validationError } from '@agency/contract';
import type { z } from 'zod';
import { HttpError } from './http-error.ts';

/** Parses input with a contract schema; bad input becomes a 400 naming each bad field. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const body = validationError(result.error.issues);
  throw new HttpError(400, body.error, body.fields);
}
