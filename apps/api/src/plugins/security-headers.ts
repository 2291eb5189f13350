// Sets the security headers on every response, in one place. A response that set its own
// Content-Security-Policy (a page with its script hashes or nonce) keeps it. A script or stylesheet file
// marked with `reply.subresource()` gets only the headers that apply to it (see SUBRESOURCE_HEADERS).
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  type CspOptions,
  SUBRESOURCE_HEADERS,
  contentSecurityPolicy,
  securityHeaders,
} from '../lib/security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's CSP with a page's own inline scripts (hashes or a nonce) allowed. */
    pagePolicy(scripts: readonly string[]): string;
    /** The headers every answer carries; set by hand only where Fastify's hooks do not run (bad URLs). */
    securityHeaders: Readonly<Record<string, string>>;
  }
  interface FastifyReply {
    /** Marks the answer as a script or stylesheet loaded by a page: the document-only headers are left off. */
    subresource(): void;
  }
}

const SUBRESOURCE = Symbol('subresource');

export interface SecurityHeadersOptions {
  siteUrl: string;
  /** Script origins besides our own (e.g. an analytics host); empty by default. */
  scriptOrigins?: readonly string[];
}

export default fp<SecurityHeadersOptions>(async function securityHeadersPlugin(
  app: FastifyInstance,
  { siteUrl, scriptOrigins = [] },
) {
  const base: CspOptions = { scriptOrigins, https: siteUrl.startsWith('https://') };
  const headers = securityHeaders(siteUrl, contentSecurityPolicy(base));
  const entries = Object.entries(headers);
  const subresourceEntries = entries.filter(([name]) => SUBRESOURCE_HEADERS.has(name));

  app.decorate('securityHeaders', headers);
  app.decorate('pagePolicy', (scripts: readonly string[]) => contentSecurityPolicy({ ...base, scripts }));

  app.decorateReply('subresource', function (this: FastifyReply & { [SUBRESOURCE]?: boolean }) {
    this[SUBRESOURCE] = true;
  });

  // onSend runs for every answer, errors and 404s included.
  app.addHook('onSend', async (_request, reply: FastifyReply & { [SUBRESOURCE]?: boolean }, payload) => {
    for (const [name, value] of reply[SUBRESOURCE] ? subresourceEntries : entries) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
});
