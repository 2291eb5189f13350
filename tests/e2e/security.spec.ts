// Security headers on every kind of answer, no Content-Security-Policy violation on any page (the fixture
// fails a test on one), and no 5xx for odd paths or Host headers; run against the production build.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_PATH, PAGES } from '../../apps/web/app/content/pages.ts';
import { expect, test } from './fixtures.ts';
import { loginAdmin } from './support.ts';

const port = Number(process.env.E2E_PORT ?? 4173);

/** A raw HTTP/1.1 request: the path and Host header go out exactly as written. */
function raw(pathname: string, host: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  const csp = headers['content-security-policy'] ?? '';
  const directives = new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get('default-src'), what).toEqual(["'self'"]);
  expect(directives.get('script-src')?.[0], what).toBe("'self'");
  expect(directives.get('script-src'), what).not.toContain("'unsafe-inline'");
  expect(directives.get('object-src'), what).toEqual(["'none'"]);
  expect(directives.get('base-uri'), what).toEqual(["'self'"]);
  expect(directives.get('form-action'), what).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toContain('camera=()');
  // The test server runs on http://: no HSTS there.
  expect(headers['strict-transport-security'], what).toBeUndefined();
  return directives;
}

test('pages, API answers, errors and files all carry the security headers', async ({ request }) => {
  const home = await request.get('/');
  const homeScripts = expectSecurityHeaders(home.headers(), '/').get('script-src') ?? [];
  // The prerendered page's own inline scripts (hydration context, early clicks) are allowed by hash.
  expect(homeScripts.filter((source) => source.startsWith("'sha256-")).length).toBeGreaterThanOrEqual(2);

  for (const url of ['/no-such-page', '/api/health', '/api/no-such-thing', '/favicon.svg', '/robots.txt']) {
    const res = await request.get(url);
    expect(res.status(), url).toBeLessThan(500);
    expectSecurityHeaders(res.headers(), url);
  }
  // A server-rendered page allows the scripts carrying its response's nonce (issue 21), never hashes of whatever
  // inline script its HTML holds; each answer has its own nonce.
  const blog = await request.get('/blog');
  const blogScripts = expectSecurityHeaders(blog.headers(), '/blog').get('script-src') ?? [];
  expect(blogScripts.filter((source) => source.startsWith("'nonce-"))).toHaveLength(1);
  expect(blogScripts.some((source) => source.startsWith("'sha256-"))).toBe(false);
  // Another rendering (a search: the public cache keys /blog by the parameters it reads, so /blog?x=1 is /blog).
  const again = expectSecurityHeaders((await request.get('/blog?q=again')).headers(), '/blog').get('script-src') ?? [];
  expect(again.find((source) => source.startsWith("'nonce-"))).not.toBe(
    blogScripts.find((s) => s.startsWith("'nonce-")),
  );
});

test("a script injected into a post's rendering path is refused by the browser; the server's own scripts run", async ({
  page,
  request,
  cspViolations,
  consoleErrors,
}) => {
  const { accessToken } = await loginAdmin(request);
  const title = `CSP second line ${Date.now()}`;
  const created = await request.post('/api/blogs', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { title, content: 'A post whose rendering is tampered with.', status: 'published' },
  });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  // The server's answer with a <script> slipped into the post's content, as a sanitizer bug would let through;
  // the answer's own headers (its Content-Security-Policy) are kept.
  await page.route(`**/blog/${slug}`, async (route) => {
    const response = await route.fetch();
    // Into the post's paragraph (not its description, an attribute, nor the page data).
    const html = (await response.text()).replace(
      '<p>A post whose rendering is tampered with.</p>',
      '<p>A post whose rendering is tampered with.</p><script>window.__injected = 1</script>',
    );
    expect(html).toContain('window.__injected');
    await route.fulfill({ response, body: html });
  });
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  expect(
    cspViolations.every((text) => /script-src(-elem)? blocked inline/.test(text)),
    cspViolations.join('\n'),
  ).toBe(true);
  // The server's own inline scripts carried the nonce and ran: the one refusal is the injected script (each of
  // the server's scripts refused would be one more). The early-click recorder they start is gone once the page
  // has hydrated, so what shows they ran is that nothing else was refused.
  expect(
    await page.evaluate(() => Array.from(document.scripts).filter((script) => script.nonce).length),
  ).toBeGreaterThan(1);
  await page.waitForLoadState('load');
  expect(cspViolations, cspViolations.join('\n')).toHaveLength(1);
  // The refusal was expected: it does not fail the test through the shared fixture.
  cspViolations.length = 0;
  const isRefusal = (text: string) => /violates the following Content Security Policy directive/.test(text);
  await expect.poll(() => consoleErrors.filter(isRefusal).length).toBeGreaterThan(0);
  const refusals = consoleErrors.filter(isRefusal);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !refusals.includes(text)));
});

test("a page's script and stylesheet files and its worker carry every security header", async ({ request }) => {
  const html = await (await request.get('/connect')).text();
  const files = [...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  expect(files.some((file) => file.endsWith('.css'))).toBe(true);
  const assets = readdirSync(path.resolve(import.meta.dirname, '../../apps/web/build/client/assets'));
  const worker = assets.find((file) => /\.worker-[\w-]+\.js$/.test(file));
  expect(worker).toBeDefined();
  for (const file of new Set([...files, `/assets/${worker}`])) {
    const res = await request.get(file);
    expect(res.status(), file).toBe(200);
    expectSecurityHeaders(res.headers(), file);
    expect(res.headers()['x-frame-options'], file).toBe('DENY');
  }
});

test('GET // answers 404 and a malformed Host 400, never 500', async () => {
  const slashes = await raw('//', `127.0.0.1:${port}`);
  expect(slashes.status).toBe(404);
  expect((await raw('//x//y', `127.0.0.1:${port}`)).status).toBe(404);
  for (const host of ['bad host', '[', 'a..b', 'x:99999999', 'exa mple.com:80']) {
    const res = await raw('/no-such-page', host);
    expect(res.status, host).toBe(400);
  }
  // Prerendered pages and the API do not read the Host header at all.
  expect((await raw('/', '[')).status).toBe(200);
  expect((await raw('/api/health', '[')).status).toBe(200);
});

test.describe('no Content-Security-Policy violation on any page', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  });

  test('every public page', async ({ page }) => {
    test.setTimeout(120_000);
    for (const entry of PAGES) {
      const response = await page.goto(entry.path);
      expect(response?.status(), entry.path).toBeLessThan(400);
      await expect(page.locator('html[data-hydrated="true"]'), entry.path).toHaveCount(1);
    }
  });

  test('the admin area', async ({ page }) => {
    // Signed in through the API in the page's own context: the session cookie is the browser's.
    await loginAdmin(page.request);
    await page.goto(ADMIN_PATH);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(page.getByRole('heading').first()).toBeVisible();
    for (const link of await page.getByRole('navigation').getByRole('link').all()) {
      const href = await link.getAttribute('href');
      if (!href?.startsWith(ADMIN_PATH)) continue;
      await page.goto(href);
      await expect(page.getByRole('heading').first()).toBeVisible();
    }
  });
});

test('production refuses pages built for another SITE_URL, in one line that says what to do', () => {
  const result = spawnSync(process.execPath, ['apps/api/dist/server.js'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      CHALLENGE_SECRET: 'y'.repeat(40),
      PORT: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'agency-origin-')),
      SITE_URL: 'https://elsewhere.example',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^SITE_URL="https:\/\/elsewhere\.example" differs from the origin the pages were built for/);
  expect(lines[0]).toContain('npm run build');
});
