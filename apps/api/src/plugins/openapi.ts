// The API's OpenAPI 3.1 document, built by @fastify/swagger from the routes' zod schemas, and a readable
// reference generated from it on the server: plain HTML and one stylesheet, no script, nothing fetched
// from another site. Registered before the routes, so every route registered after it is collected.
import { BRAND_NAME, SESSION_COOKIE } from '@agency/contract';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponses, fileResponse } from '../lib/schema.ts';
import { API_DOCS_CSS, renderApiDocs } from '../services/api-docs.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
const DOCS_CSS_PATH = '/api/docs/docs.css';

const VERBS: Record<string, string> = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' };
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operation's id, derived from its method and path alone, so it stays put while a route's code changes
 * and is unique because the pair is: the verb, then each segment after `/api` in camelCase, a path parameter
 * as `By<Name>` (GET /api/blogs/{id}/revisions → `getBlogsByIdRevisions`, POST /api/auth/2fa/setup →
 * `postAuth2faSetup`, GET /blog/rss.xml → `getBlogRssXml`).
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^[:{](\w+)\}?$/.exec(segment);
      if (param) return `By${capitalise(param[1] ?? '')}`;
      return segment
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(capitalise)
        .join('');
    });
  return `${VERBS[method] ?? method.toLowerCase()}${words.join('')}`;
}

export interface OpenapiOptions {
  /** The public origin (SITE_URL): the document's one server. */
  siteUrl: string;
}

export default fp(async function openapi(app: FastifyInstance, { siteUrl }: OpenapiOptions) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      servers: [{ url: siteUrl, description: 'This site (SITE_URL); every path starts with /api' }],
      info: {
        title: `${BRAND_NAME} API`,
        version: '1.0.0',
        description:
          'Every answer is JSON unless noted. Errors are `{ "error": "<sentence>", "fields"?: { "<field>": "<message>" } }`.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token from POST /api/auth/login or /api/auth/refresh-token',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE.name,
            description:
              'A browser’s refresh token: set by a sign-in, httpOnly, SameSite=Strict, sent only to /api/auth (Secure on https). POST /api/auth/refresh-token trades it for an access token; a write carrying it from another site is refused with 403',
          },
        },
      },
    },
    // The web pages' routes are pages, not API; everything under /api (and the feed) is listed, under the
    // path clients call: a prefix's root route (`/api/blogs/`) without its trailing slash (`/api/blogs`).
    // Every route that reads a body can also answer 413 (over its limit) and 415 (a type it does not read).
    // Every operation gets its operationId (operationIdOf), and one without bearer auth says so with
    // `security: []` (public), as client generators and Redocly's rules expect.
    transform: (document) => {
      if (!document.url.startsWith('/api/') && document.url !== '/blog/rss.xml')
        return { schema: { ...document.schema, hide: true }, url: document.url };
      const url = document.url.replace(/(.)\/$/, '$1');
      const methods = [document.route.method].flat();
      const readsBody = methods.some((method) => ['POST', 'PUT', 'PATCH'].includes(method));
      const schema = {
        ...document.schema,
        operationId: operationIdOf(methods[0] ?? 'GET', url),
        security: document.schema.security ?? [],
        ...(readsBody && {
          response: { ...errorResponses(413, 415), ...(document.schema.response as Record<number, unknown>) },
        }),
      };
      return { ...jsonSchemaTransform({ ...document, schema }), url };
    },
  });

  let docs: { html: string } | undefined;
  const document = () => app.swagger() as unknown as Record<string, unknown>;

  const tags = ['docs'];
  const openapiSchema = {
    tags,
    summary: 'This document (OpenAPI 3.1)',
    response: { 200: fileResponse('application/json', 'The OpenAPI document') },
  };
  app.get(OPENAPI_PATH, { schema: openapiSchema }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(document()),
  );
  app.get(
    DOCS_PATH,
    {
      schema: {
        tags,
        summary: 'A readable reference generated from this document',
        response: { 200: fileResponse('text/html', 'HTML') },
      },
    },
    async (_request, reply) => {
      docs ??= { html: renderApiDocs(document(), { stylesheet: DOCS_CSS_PATH, documentPath: OPENAPI_PATH }) };
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(docs.html);
    },
  );
  app.get(
    DOCS_CSS_PATH,
    { schema: { tags, summary: 'The reference’s stylesheet', response: { 200: fileResponse('text/css', 'CSS') } } },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(API_DOCS_CSS),
  );
});
