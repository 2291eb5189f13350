import { z } from 'zod';
import { invalidTextMessage, notTextMessage, requiredMessage, tooLongMessage } from './errors.ts';

// What counts as text the API accepts: no NUL (PostgreSQL cannot store it in text) and no lone
// UTF-16 surrogate (what a JSON "\ud800" or undecodable input leaves; it is not text in any encoding).

// Without the `u` flag a regex sees UTF-16 code units, so unpaired surrogates can be matched.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `value` holds no NUL and no unpaired surrogate. */
export const isCleanText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * Every string the API accepts is built on this: bounded (checked before any other work, so an
 * oversized value costs nothing and is never stored or logged) and free of NUL and broken UTF-16.
 */
export const boundedString = (field: string, max: number) =>
  z
    // Nothing there: required; a number, list or object: not text (each sentence names the field).
    .string({ error: (issue) => (issue.input == null ? requiredMessage(field) : notTextMessage(field)) })
    .max(max, tooLongMessage(field, max))
    .refine(isCleanText, invalidTextMessage(field));
