// Sets the security headers on every response (pages, API, files, errors), in one place: @fastify/helmet with the
// site's options, plus the Content-Security-Policy (written as one text with a page's own, which replaces it: a
// page with its script hashes or nonce) and Permissions-Policy, which helmet does not write.
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmetHeaders from 'helmet';
import { type CspOptions, contentSecurityPolicy, helmetOptions, PERMISSIONS_POLICY } from '../lib/security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's CSP with a page's own inline scripts (hashes or a nonce) allowed. */
    pagePolicy(scripts: readonly string[]): string;
    /** Writes the headers every answer carries; called by hand only where Fastify's hooks do not run (bad URLs). */
    writeSecurityHeaders(reply: FastifyReply): void;
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
  const options = helmetOptions(base);
  // The same middleware helmet's hook runs, for the answers no hook reaches.
  const headersOf = helmetHeaders(options);

  const ours = { 'content-security-policy': contentSecurityPolicy(base), 'permissions-policy': PERMISSIONS_POLICY };

  await app.register(helmet, options);
  app.decorate('pagePolicy', (scripts: readonly string[]) => contentSecurityPolicy({ ...base, scripts }));
  app.decorate('writeSecurityHeaders', (reply: FastifyReply) => {
    headersOf(reply.request.raw, reply.raw, () => undefined);
    void reply.headers(ours);
  });

  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(ours);
  });
});
