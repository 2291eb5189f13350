// Hostile requests at the pages of the production build (issue 9): every page of the page list and the
// server-rendered ones (the blog, a post, the careers page, an opening, sitemap, RSS) get odd paths (`//`,
// NUL, `..`, invalid UTF-8, huge segments), odd queries, odd methods and bad Host headers. None may be
// answered 5xx. The API's own fuzz test (apps/api/src/fuzz.api.test.ts) runs without the pages.
import { request as httpRequest } from 'node:http';
import { PAGES } from '../../apps/web/app/content/pages.ts';
import { expect, test } from './fixtures.ts';
import { createOpening, loginAdmin } from './support.ts';

const port = Number(process.env.E2E_PORT ?? 4173);

/**
 * One raw HTTP/1.1 request on a connection of its own (the server closes one after a request it cannot
 * parse): method, path and Host go out exactly as written.
 */
function send(method: string, target: string, host: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host };
    if (body !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error) => reject(new Error(`${method} ${target.slice(0, 80)} (Host: ${host}): ${error.message}`)));
    req.end(body);
  });
}

/** A small seeded generator, so a failure names a request that the next run sends again. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return <T>(items: readonly T[]): T => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return items[state % items.length]!;
  };
}

const HUGE = 'x'.repeat(6_000);
// Appended to a page's path.
const PATH_TAILS = [
  '/',
  '//',
  '/%00',
  '%00',
  '/a%00b',
  '/..',
  '/%2e%2e',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/../../api/health',
  '/%ff',
  '/%E0%A4%A',
  '/%ED%A0%80',
  '/%C0%AF',
  '/%',
  '/%zz',
  `/${HUGE}`,
  '/%0d%0aSet-Cookie:%20x=1',
  '/.env',
];
const QUERIES = [
  '?q=%00',
  '?tag=%00',
  '?q=a%00b&tag=x%00',
  `?q=${HUGE}`,
  `?tag=${HUGE}`,
  '?q=%ff',
  '?tag=%E0%A4%A',
  '?q=%ED%A0%80',
  '?tag=%ED%A0%80',
  '?q[]=1&q[]=2',
  '?q=a&q=b&tag=c&tag=d',
  '?tag=%20%20%20',
  '?q=%22%27%3C%3E%26',
  '?=%00',
  '?%00=%00',
  '?token=%00',
  '?index',
  '?_data=root',
];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
const HOSTS = [`127.0.0.1:${port}`, 'bad host', '[', 'a..b', 'x:99999999', `127.0.0.1:${port}%00`];
const BODIES = ['a=%00', 'name=%ff&email=%E0%A4%A', `message=${HUGE}`, '%%%', ''];

test('a few hundred hostile requests at the pages: none is answered 5xx', async ({ request }) => {
  test.setTimeout(180_000);
  // A post and an opening in the database, so their server-rendered pages are fuzzed too.
  const { accessToken } = await loginAdmin(request);
  const headers = { authorization: `Bearer ${accessToken}` };
  const stamp = Date.now().toString(36);
  const post = await request.post('/api/blogs', { headers, data: { title: `Fuzz ${stamp}`, content: 'Odd input.' } });
  expect(post.status()).toBe(201);
  const job = await createOpening(request, accessToken, { title: `Fuzz Engineer ${stamp}`, description: 'Odd input.' });
  const postSlug = ((await post.json()) as { slug: string }).slug;
  const jobSlug = job.slug;

  const pages = [
    ...new Set([
      ...PAGES.map((entry) => entry.path),
      '/blog',
      `/blog/${postSlug}`,
      '/career',
      `/career/${jobSlug}`,
      '/sitemap.xml',
      '/blog/rss.xml',
      '/robots.txt',
      '/blog/tag/cloud',
    ]),
  ];
  const sent: { method: string; target: string; host: string; body?: string }[] = [];
  const pick = seeded(9);
  for (const page of pages) {
    const base = page === '/' ? '/x' : page;
    for (const tail of PATH_TAILS) sent.push({ method: 'GET', target: `${base}${tail}`, host: `127.0.0.1:${port}` });
    sent.push({ method: 'GET', target: `/${page}`, host: `127.0.0.1:${port}` });
    for (let n = 0; n < 6; n += 1) {
      const method = pick(METHODS);
      const target = `${n % 2 === 0 ? page : `${base}${pick(PATH_TAILS)}`}${pick(QUERIES)}`;
      const body = method === 'POST' || method === 'PUT' || method === 'PATCH' ? pick(BODIES) : undefined;
      sent.push({ method, target, host: pick(HOSTS), body });
    }
  }
  // The pages that read their query: every odd query, with each method.
  for (const page of ['/blog', `/blog/${postSlug}`, '/career', `/career/${jobSlug}`, '/blog/preview']) {
    for (const query of QUERIES) {
      sent.push({ method: 'GET', target: `${page}${query}`, host: `127.0.0.1:${port}` });
      sent.push({ method: pick(METHODS), target: `${page}${query}`, host: pick(HOSTS) });
    }
  }

  const failures: string[] = [];
  const statuses = new Map<number, number>();
  for (const { method, target, host, body } of sent) {
    const status = await send(method, target, host, body);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status >= 500) failures.push(`${status} ${method} ${target.slice(0, 80)} (Host: ${host})`);
  }
  console.log(
    `page fuzz: ${sent.length} requests, ${failures.length} answered 5xx; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  expect(sent.length).toBeGreaterThanOrEqual(300);
  expect(failures).toEqual([]);
  // The server is still healthy afterwards.
  expect((await request.get('/api/health')).status()).toBe(200);
});

test('a NUL or invalid UTF-8 in a page address is a 404; in the blog query it matches nothing', async ({ request }) => {
  for (const target of ['/blog/%00', '/career/%00', '/blog/a%00b', '/career/a%00b']) {
    const res = await request.get(target);
    expect(res.status(), target).toBe(404);
    expect(res.headers()['content-type'], target).toContain('text/html');
  }
  // A page address that is not UTF-8 once decoded names nothing either: 404 in the API's error format.
  for (const target of ['/career/%ff', '/blog/%E0%A4%A', '/blog/%ED%A0%80']) {
    const res = await request.get(target);
    expect(res.status(), target).toBe(404);
    expect(Object.keys(await res.json()), target).toEqual(['error']);
    expect(res.headers()['content-security-policy'], target).toContain("frame-ancestors 'none'");
  }
  for (const query of ['q=%00', 'tag=%00', 'q=a%00b', 'tag=%ED%A0%80']) {
    const res = await request.get(`/blog?${query}`);
    expect(res.status(), query).toBe(200);
    expect(await res.text(), query).toContain('No posts');
  }
});
