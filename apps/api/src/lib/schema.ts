// How routes declare their input and output: zod schemas from @agency/contract, checked before the handler.
//
// A route states what it accepts and answers in `schema`; the handler then only sees valid, typed input:
//
//   app.withTypeProvider<ZodTypeProvider>().post('/login', {
//     schema: {
//       tags: ['auth'],
//       security: BEARER,                        // staff routes only: shown as bearer auth in OpenAPI
//       body: LoginSchema,                       // bad body → 400 { error, fields } naming each field
//       querystring: SomeQuerySchema,            // bad query → 400 the same way
//       params: z.object({ id: pathId(msg) }),   // bad path parameter → 404 with the schema's message
//       response: { 200: LoginResponseSchema, ...errorResponses(401, 429) },
//     },
//   }, async (request) => …)
//
// Answers are encoded with their response schema, so a field not in it (a password hash) never leaves.
// Multipart routes read their parts themselves; they wrap the body schema in `documentedOnly()`, which
// puts it in the OpenAPI document but leaves the checking to the handler.
import { ApiErrorSchema, MESSAGES, validationError } from '@agency/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { HttpError } from './http-error.ts';

const notValidated = new WeakSet<object>();

/** A schema that describes a request part in OpenAPI but is not checked by Fastify (multipart bodies). */
export function documentedOnly<S extends z.ZodType>(schema: S): S {
  notValidated.add(schema);
  return schema;
}

/**
 * Checks a request part with its zod schema. Bad input becomes the same `{ error, fields }` 400 the
 * contract's `validationError()` builds; a bad path parameter means no such resource: 404, whose
 * sentence is the schema's own message (each route says what was not found).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  if (notValidated.has(schema)) return (data) => ({ value: data });
  return (data) => {
    // A request without a body or query is checked like an empty one, so each field is named.
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    if (httpPart === 'params' || httpPart === 'url') {
      return { error: new HttpError(404, result.error.issues[0]?.message ?? MESSAGES.http.notFound) };
    }
    const body = validationError(result.error.issues);
    return { error: new HttpError(400, body.error, body.fields) };
  };
};

/** The `response` entry of a 204 answer. */
export const NO_CONTENT = z.undefined().describe('No content');

/** Marks a staff route in the OpenAPI document: it needs `Authorization: Bearer <access token>`. */
export const BEARER = [{ bearerAuth: [] }];

/**
 * Marks refresh and logout in the OpenAPI document: the browser's session cookie, or nothing (an API client sends
 * its refresh token in the body instead).
 */
export const REFRESH_COOKIE: Record<string, string[]>[] = [{ sessionCookie: [] }, {}];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; `fields` names each bad field',
  401: 'No valid access token',
  403: 'The account’s role does not allow this',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Too large',
  415: 'Unsupported content or file type',
  429: 'Too many requests; see Retry-After',
  503: 'Temporarily unavailable',
};

/** The `{ error, fields? }` answers a route can give, for its `response` schema. */
export function errorResponses(...statuses: (keyof typeof ERROR_DESCRIPTIONS)[]): Record<number, z.ZodType> {
  return Object.fromEntries(
    statuses.map((status) => [status, ApiErrorSchema.describe(ERROR_DESCRIPTIONS[status] ?? 'Error')]),
  );
}

/** The `response` entry of an answer that is a file or text, not JSON (documented, never encoded). */
export function fileResponse(contentType: string, description: string) {
  // unknown: the handler sends a stream or a string, which Fastify passes through unencoded.
  const schema = z.unknown().meta({ type: 'string', format: 'binary', description });
  return { description, content: { [contentType]: { schema } } };
}

/** A multipart file field, for documented-only bodies. */
export const FILE_FIELD = z.file();
