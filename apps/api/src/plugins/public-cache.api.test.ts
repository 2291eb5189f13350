// The public cache as clients meet it: fast repeated answers that never show a draft, a deleted post or an
// editor's view to the public, and a write through one instance seen by another within a second.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callers } from '../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { garbageCollector } from '../../test/gc.ts';
import { listBlogs } from '../services/blogs.ts';
import publicCachePlugin from './public-cache.ts';

let t: TestApp;
let editor: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  editor = (await callers(t.app)).headers.editor;
});
afterAll(() => t.close());

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

async function write(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: editor, payload });
  expect(response.statusCode).toBeLessThan(300);
  return response.statusCode === 204 ? null : response.json();
}

/** Asks until `check` holds, for at most `ms`; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not visible within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

/** The heap in use once garbage is collected. */
function heapAfterCollection(): number {
  garbageCollector()();
  return process.memoryUsage().heapUsed;
}

const titles = async (app: FastifyInstance) =>
  ((await get(app, '/api/blogs')).json() as { title: string }[]).map((post) => post.title);

describe('public cache', () => {
  it('answers a repeated anonymous request from memory with an ETag, 304 and CDN-friendly headers', async () => {
    await write('POST', '/api/blogs', { title: 'Cached post', content: 'Body', status: 'published' });
    const first = await get(t.app, '/api/blogs');
    const second = await get(t.app, '/api/blogs', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toMatch(/public.*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-encoding']).toBe('br');
    expect(t.app.publicCache.size()).toBeGreaterThan(0);

    const revalidated = await get(t.app, '/api/blogs', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it("never keeps an editor's view: drafts stay out of every public answer", async () => {
    const draft = await write('POST', '/api/blogs', { title: 'Secret draft', content: 'Body', status: 'draft' });
    const asEditor = await get(t.app, `/api/blogs/${draft.slug}`, editor);
    expect(asEditor.statusCode).toBe(200);
    expect(asEditor.headers['cache-control'] ?? '').not.toMatch(/public/);
    const all = await get(t.app, '/api/blogs?status=all', editor);
    expect(all.json().map((post: { title: string }) => post.title)).toContain('Secret draft');
    expect(all.headers['cache-control']).toBe('private, no-store');

    // The same addresses without the token: the draft does not exist for the public.
    expect((await get(t.app, `/api/blogs/${draft.slug}`)).statusCode).toBe(404);
    expect(await titles(t.app)).not.toContain('Secret draft');
    expect((await get(t.app, '/api/blogs?status=all')).statusCode).toBe(401);
  });

  it('drops a deleted post and shows a published one within a second', async () => {
    const post = await write('POST', '/api/blogs', { title: 'Short-lived', content: 'Body', status: 'published' });
    expect((await get(t.app, `/api/blogs/${post.slug}`)).statusCode).toBe(200);
    expect(await titles(t.app)).toContain('Short-lived');
    await write('DELETE', `/api/blogs/${post._id}`);
    await within(1000, async () => (await get(t.app, `/api/blogs/${post.slug}`)).statusCode === 404);
    await within(1000, async () => !(await titles(t.app)).includes('Short-lived'));

    const draft = await write('POST', '/api/blogs', { title: 'Goes live', content: 'Body', status: 'draft' });
    expect(await titles(t.app)).not.toContain('Goes live');
    await write('PUT', `/api/blogs/${draft._id}`, { title: 'Goes live', content: 'Body', status: 'published' });
    await within(1000, async () => (await titles(t.app)).includes('Goes live'));
  });

  it('sees a write made through another instance within a second', async () => {
    const other = await t.secondInstance();
    await write('POST', '/api/blogs', { title: 'Before', content: 'Body', status: 'published' });
    await within(1000, async () => (await titles(other)).includes('Before'));
    // Warm the other instance's cache, then change the content through the first one only.
    expect(await titles(other)).toContain('Before');
    expect(await titles(other)).toContain('Before');
    await write('POST', '/api/blogs', { title: 'After', content: 'Body', status: 'published' });
    const took = await within(1000, async () => (await titles(other)).includes('After'));
    expect(took).toBeLessThan(1000);
  });

  it('shows a published content document on another instance within a second, and never its draft', async () => {
    const other = await t.secondInstance();
    const price = async (app: FastifyInstance) =>
      ((await get(app, '/api/content/packages')).json().data.plans as { price: number }[])[0]!.price;
    const opened = (await get(t.app, '/api/admin/content/packages', editor)).json();
    expect(await price(other)).toBe(opened.published.plans[0].price);
    // Warm both caches, then save a draft: no instance shows it, however often it is asked.
    expect(await price(t.app)).toBe(opened.published.plans[0].price);
    const draft = structuredClone(opened.published);
    draft.plans[0].price = 4321;
    const saved = (await write('PUT', '/api/admin/content/packages/draft', {
      version: opened.version,
      data: draft,
    })) as {
      version: number;
    };
    const until = Date.now() + 600;
    while (Date.now() < until) {
      expect(await price(other)).not.toBe(4321);
      expect(await price(t.app)).not.toBe(4321);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await write('POST', '/api/admin/content/packages/publish', { version: saved.version });
    const took = await within(1000, async () => (await price(other)) === 4321);
    expect(took).toBeLessThan(1000);
    expect(await price(t.app)).toBe(4321);
  });

  it("shows a page's published search title and description (its head's source) on another instance within a second", async () => {
    const other = await t.secondInstance();
    const seo = async (app: FastifyInstance) => (await get(app, '/api/content/services')).json().data.seo;
    const opened = (await get(t.app, '/api/admin/content/services', editor)).json();
    expect(await seo(other)).toBeUndefined();
    const draft = structuredClone(opened.draft ?? opened.published);
    draft.seo = { title: 'Cloud, web and IT services', description: 'Everything we build and run, in one place.' };
    const saved = (await write('PUT', '/api/admin/content/services/draft', {
      version: opened.version,
      data: draft,
    })) as {
      version: number;
    };
    expect(await seo(other)).toBeUndefined();
    await write('POST', '/api/admin/content/services/publish', { version: saved.version });
    const took = await within(1000, async () => (await seo(other))?.title === 'Cloud, web and IT services');
    expect(took).toBeLessThan(1000);
    expect(await seo(other)).toEqual(draft.seo);
    expect(await seo(t.app)).toEqual(draft.seo);
  });

  it('serves a scheduled content version from every instance once its time has come', async () => {
    const other = await t.secondInstance();
    const heading = async (app: FastifyInstance) =>
      (await get(app, '/api/content/about')).json().data.hero.title as string;
    const opened = (await get(t.app, '/api/admin/content/about', editor)).json();
    const draft = structuredClone(opened.draft ?? opened.published);
    draft.hero.title = 'About us, on schedule';
    const saved = (await write('PUT', '/api/admin/content/about/draft', { version: opened.version, data: draft })) as {
      version: number;
    };
    // An hour ahead of both clocks; then the app's clock (Date only: timers and the database stay real) is moved to
    // a millisecond before the due time and to it. The app's clock decides when a scheduled version is public.
    const due = Date.now() + 3_600_000;
    await write('POST', '/api/admin/content/about/publish', {
      version: saved.version,
      publishAt: new Date(due).toISOString(),
    });
    expect(await heading(other)).not.toBe('About us, on schedule');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(due - 1);
      expect(await heading(other)).not.toBe('About us, on schedule');
      expect(await heading(t.app)).not.toBe('About us, on schedule');
      vi.setSystemTime(due);
      expect(await heading(other)).toBe('About us, on schedule');
      expect(await heading(t.app)).toBe('About us, on schedule');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keys an answer by its path and the parameters its route reads, never by the others', async () => {
    await write('POST', '/api/blogs', { title: 'Another post', content: 'Body', status: 'published' });
    await write('POST', '/api/blogs', { title: 'Keyed by search', content: 'Body', status: 'published' });
    const plain = await get(t.app, '/api/blogs');
    const hits = t.app.publicCache.counts().hits;
    const size = t.app.publicCache.size();
    // UTM parameters and any other parameter the list does not read: the same entry, no new one.
    const tagged = await get(t.app, '/api/blogs?utm_source=news&utm_campaign=winter&r=123');
    expect(tagged.headers.etag).toBe(plain.headers.etag);
    expect(t.app.publicCache.counts().hits).toBe(hits + 1);
    expect(t.app.publicCache.size()).toBe(size);
    // A parameter it reads is an answer of its own.
    const searched = await get(t.app, '/api/blogs?q=keyed&utm_source=news');
    expect(searched.json().map((post: { title: string }) => post.title)).toEqual(['Keyed by search']);
    expect(searched.headers.etag).not.toBe(plain.headers.etag);
    expect((await get(t.app, '/api/blogs?r=1&q=keyed')).headers.etag).toBe(searched.headers.etag);
    expect((await get(t.app, '/api/blogs?status=all&r=2')).statusCode).toBe(401);
  });

  it('cannot be flooded: 10,000 requests with random parameters leave its size and memory as they were', async () => {
    const url = '/api/content/about';
    expect((await get(t.app, url, { 'accept-encoding': 'br' })).statusCode).toBe(200);
    expect((await get(t.app, url, { 'accept-encoding': 'gzip' })).statusCode).toBe(200);
    const before = { size: t.app.publicCache.size(), bytes: t.app.publicCache.bytes() };
    const heapBefore = heapAfterCollection();
    // The app's clock (Date) stands still during the flood, so the storage probe made here, before it, serves every
    // health answer in it (a probe's result is reused for 5 s of that clock): what is measured is whether health is
    // answered between the flood's requests, not whether a loaded machine writes a file within the probe's 2 s.
    const healthTimes: number[] = [];
    let flooding = true;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect((await get(t.app, '/api/health')).statusCode).toBe(200);
      const probe = (async () => {
        while (flooding) {
          const started = performance.now();
          const health = await get(t.app, '/api/health');
          healthTimes.push(performance.now() - started);
          expect(health.statusCode, health.body).toBe(200);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      // 20 visitors at a time, the event loop turning between their rounds as it does between sockets.
      for (let sent = 0; sent < 10_000; sent += 20) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => get(t.app, `${url}?r=${Math.random().toString(36).slice(2)}`)),
        );
        for (const answer of answers) expect(answer.statusCode).toBe(200);
        await new Promise((resolve) => setImmediate(resolve));
      }
      flooding = false;
      await probe;
    } finally {
      flooding = false;
      vi.useRealTimers();
    }
    expect({ size: t.app.publicCache.size(), bytes: t.app.publicCache.bytes() }).toEqual(before);
    const grown = heapAfterCollection() - heapBefore;
    console.log(`heap after the flood: ${(grown / 1024 / 1024).toFixed(1)} MiB more than before`);
    expect(grown).toBeLessThan(8 * 1024 * 1024);
    expect(healthTimes.length).toBeGreaterThan(5);
    const sorted = healthTimes.sort((a, b) => a - b);
    const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? Infinity;
    console.log(
      `health during the flood: median ${sorted[sorted.length >> 1]?.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms`,
    );
    expect(p90, `health took ${sorted.map(Math.round).join(', ')} ms`).toBeLessThan(50);
  });

  it('holds at most its bound in bytes, compressed forms included, dropping the least recently used', async () => {
    const bare = Fastify();
    bare.decorate('db', t.app.db);
    const maxBytes = 256 * 1024;
    await bare.register(publicCachePlugin, { maxBytes });
    // 20 KB pages that do not compress to nothing.
    bare.get('/page/:n', { config: { publicCache: true } }, async (request) => ({
      n: (request.params as { n: string }).n,
      text: Array.from({ length: 1500 }, (_, i) => `${i * 7919}`).join(' '),
    }));
    await bare.ready();
    try {
      for (let n = 0; n < 100; n++) {
        for (const encoding of ['identity', 'gzip', 'br'])
          expect((await get(bare, `/page/${n}`, { 'accept-encoding': encoding })).statusCode).toBe(200);
        expect(bare.publicCache.bytes()).toBeLessThanOrEqual(maxBytes);
      }
      expect(bare.publicCache.size()).toBeGreaterThan(3);
      expect(bare.publicCache.size()).toBeLessThan(100);
      // The newest page is held, the first is not.
      const hits = bare.publicCache.counts().hits;
      await get(bare, '/page/99');
      expect(bare.publicCache.counts().hits).toBe(hits + 1);
      await get(bare, '/page/0');
      expect(bare.publicCache.counts().hits).toBe(hits + 1);
    } finally {
      await bare.close();
    }
  });

  it('never keeps a page rendered just before a scheduled post came due and finished just after', async () => {
    // A bare app with the cache on the same database, whose page can be held half-way: its data is read,
    // then it waits for the test before answering, as a slow render would.
    const bare = Fastify();
    bare.decorate('db', t.app.db);
    await bare.register(publicCachePlugin);
    let hold: Promise<void> | null = null;
    let dataRead = () => {};
    bare.get('/page', { config: { publicCache: true } }, async () => {
      const shown = (await listBlogs(t.app.db)).map((post) => post.title);
      const waiting = hold;
      dataRead();
      if (waiting) await waiting;
      return { shown };
    });
    bare.get('/other', { config: { publicCache: true } }, async () => ({ ok: true }));
    await bare.ready();
    try {
      // The app's clock (Date) is the test's: the post is due an hour ahead (of the database's now() too), and the
      // test moves the clock past it while the page is held, instead of waiting for it.
      vi.useFakeTimers({ toFake: ['Date'] });
      const due = Date.now() + 60 * 60 * 1000;
      await write('POST', '/api/blogs', {
        title: 'Due in an hour',
        content: 'Body',
        status: 'scheduled',
        publishedAt: new Date(due).toISOString(),
      });
      let release = () => {};
      hold = new Promise((resolve) => (release = resolve));
      const read = new Promise<void>((resolve) => (dataRead = resolve));
      const slow = bare.inject({ method: 'GET', url: '/page' });
      await read;
      hold = null;

      vi.setSystemTime(due + 50);
      // Another visitor after the due time empties the cache; then the slow page finishes.
      expect((await bare.inject({ method: 'GET', url: '/other' })).statusCode).toBe(200);
      release();
      expect((await slow).json().shown).not.toContain('Due in an hour');

      // The next visitor sees the post: the page made before the due time was not kept.
      const next = await bare.inject({ method: 'GET', url: '/page' });
      expect(next.json().shown).toContain('Due in an hour');
      expect((await bare.inject({ method: 'GET', url: '/page' })).json().shown).toContain('Due in an hour');
    } finally {
      vi.useRealTimers();
      await bare.close();
    }
  });
});
