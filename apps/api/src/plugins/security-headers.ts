// Sets the security headers on every response (pages, API, files, errors), in one place. A response that
// set its own Content-Security-Policy (a page with its script hashes or nonce) keeps it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CspOptions, contentSecurityPolicy, securityHeaders } from '../lib/security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's CSP with a page's own inline scripts (hashes or a nonce) allowed. */
    pagePolicy(scripts: readonly string[]): string;
    /** The headers every answer carries; set by hand only where Fastify's hooks do not run (bad URLs). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

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

  app.decorate('securityHeaders', headers);
  app.decorate('pagePolicy', (scripts: readonly string[]) => contentSecurityPolicy({ ...base, scripts }));

  // onSend runs for every answer, errors and 404s included.
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of entries) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
});
