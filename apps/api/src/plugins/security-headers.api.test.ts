// The security headers reach API answers and errors too (even paths the router refuses), and HSTS only on
// an https site.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, scriptHash } from '../lib/security-headers.ts';
import { createTestApp } from '../../test/app.ts';

describe('security headers', () => {
  it(
    'are on API answers and errors, with HSTS on an https site (the browser tests check http has none)',
    { timeout: 60_000 },
    async () => {
      const https = await createTestApp({ SITE_URL: 'https://www.agency.test' });
      try {
        for (const url of ['/api/health', '/api/no-such-thing', '/api/auth/me']) {
          const res = await https.app.inject({ method: 'GET', url });
          expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
          expect(res.headers['content-security-policy'], url).toContain('upgrade-insecure-requests');
          expect(res.headers['x-content-type-options'], url).toBe('nosniff');
          expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
          expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
        }
        // Paths Fastify's router refuses before any hook runs: invalid UTF-8, a parameter over its length.
        for (const url of [
          '/api/blogs/%ff',
          '/blog/%E0%A4%A',
          '/api/admin/%ED%A0%80',
          `/api/blogs/${'a'.repeat(150)}`,
        ]) {
          const res = await https.app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(404);
          expect(Object.keys(res.json()), url).toEqual(['error']);
          expect(res.json().error, url).toMatch(/^Not found/);
          expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
          expect(res.headers['x-content-type-options'], url).toBe('nosniff');
          expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
          expect(res.headers['permissions-policy'], url).toContain('camera=()');
          expect(res.headers['x-frame-options'], url).toBe('DENY');
          expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
        }
      } finally {
        await https.close();
      }
    },
  );

  it('allows exactly the inline scripts of a page, never JSON data blocks or external scripts', () => {
    const html =
      '<script>a()</script><script type="application/ld+json">{"x":1}</script>' +
      '<script type="module" async="">import("/x.js")</script><script src="/y.js"></script>';
    expect(inlineScriptHashes(html)).toEqual([scriptHash('a()'), scriptHash('import("/x.js")')]);
    const policy = contentSecurityPolicy({ scripts: inlineScriptHashes(html), scriptOrigins: ['https://stats.test'] });
    expect(policy).toContain(`script-src 'self' https://stats.test ${scriptHash('a()')}`);
    expect(policy).toContain("connect-src 'self' https://stats.test");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy.match(/script-src[^;]*/)?.[0]).not.toContain('unsafe-inline');
  });
});
