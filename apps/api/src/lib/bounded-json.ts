// Bounded work before authentication (issue 21 item 6): the routes anyone may call without an account (sign-in,
// second step, register, reset, refresh, consent) read at most 16 KB of JSON and refuse a nesting deeper than 10
// before parsing it, so a stranger cannot make the server build a huge or deep object. Every /api/auth/* route does,
// signed-in ones included (issue 30 item 11: boundEveryRoute). The depth is measured by one
// pass over the text (brackets outside strings), then the text is parsed by Fastify's own JSON parser (which also
// refuses __proto__ and constructor poisoning).
import { MESSAGES } from '@agency/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from './http-error.ts';

export const BOUNDED_JSON_BYTES = 16 * 1024;
export const BOUNDED_JSON_DEPTH = 10;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The deepest JSON nesting the route reads; deeper is refused with 400 before parsing. */
    jsonDepth?: number;
  }
}

/** Route options of a route open to anyone: 16 KB and a depth of 10. */
export const boundedJson = { bodyLimit: BOUNDED_JSON_BYTES, config: { jsonDepth: BOUNDED_JSON_DEPTH } } as const;

/** onRoute hook: the route reads bounded JSON (16 KB, a depth of 10), whatever else its options say. */
export function boundEveryRoute(route: RouteOptions) {
  route.bodyLimit = Math.min(route.bodyLimit ?? BOUNDED_JSON_BYTES, BOUNDED_JSON_BYTES);
  route.config = { ...route.config, jsonDepth: BOUNDED_JSON_DEPTH };
}

/** True when `text` nests objects or arrays deeper than `max` (strings and their escapes are skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/** Replaces the JSON parser with one that checks a route's `jsonDepth` first, then parses as Fastify does. */
export function registerBoundedJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => {
      const max = request.routeOptions.config.jsonDepth;
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (max !== undefined && nestsDeeperThan(text, max)) {
        done(new HttpError(400, MESSAGES.http.tooDeep));
        return;
      }
      parse(request, text, done);
    },
  );
}
