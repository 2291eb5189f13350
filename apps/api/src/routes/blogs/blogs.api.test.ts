import { BlogSchema, MESSAGES } from '@agency/contract';
import { eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, type Caller } from '../../../test/auth-fixtures.ts';
import { createWebLoadContext } from '../../services/web-context.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
let who: Awaited<ReturnType<typeof callers>>;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL: 'https://www.example.co.uk' });
  who = await callers(t.app);
});
afterAll(() => t.close());

const create = (payload: object, headers = who.headers.editor) =>
  t.app.inject({ method: 'POST', url: '/api/blogs', headers, payload });

const update = (id: string, payload: object, headers = who.headers.editor) =>
  t.app.inject({ method: 'PUT', url: `/api/blogs/${id}`, headers, payload });

describe('authorization matrix of the blog writes', () => {
  const expected: Record<Caller, [number, number, number]> = {
    'no token': [401, 401, 401],
    garbage: [401, 401, 401],
    expired: [401, 401, 401],
    'alg none': [401, 401, 401],
    'other key': [401, 401, 401],
    pending: [403, 403, 403],
    editor: [201, 200, 204],
    admin: [201, 200, 204],
  };

  it.each(Object.keys(expected) as Caller[])('%s: POST, PUT, DELETE', async (caller) => {
    const headers = who.headers[caller];
    const mine = (await create({ title: `Matrix ${caller}`, content: 'Body' })).json();
    const created = await create({ title: `By ${caller}`, content: 'Body' }, headers);
    const updated = await update(mine._id, { title: `Matrix ${caller}`, content: 'Changed' }, headers);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/blogs/${mine._id}`, headers });
    expect([created.statusCode, updated.statusCode, removed.statusCode]).toEqual(expected[caller]);
    if (expected[caller][0] !== 201) {
      // Nothing changed: the post is still there with its content.
      const still = await t.app.inject({ method: 'GET', url: `/api/blogs/${mine._id}` });
      expect(still.json().content).toBe('Body');
    }
  });
});

describe('creating posts', () => {
  it('returns the BlogSchema shape, author from the token, status published by default', async () => {
    const res = await create({
      title: 'Why the cloud?',
      content: 'Moving to the **cloud** saves money.',
      imageUrl: '/api/uploads/images/00000000-0000-4000-8000-000000000000-1600.webp',
      imageAlt: 'A rack of servers',
      author: { username: 'Forged Name' },
      extra: 'ignored',
    });
    expect(res.statusCode).toBe(201);
    const blog = BlogSchema.strict().parse(res.json());
    expect(blog).toMatchObject({
      title: 'Why the cloud?',
      slug: 'why-the-cloud',
      status: 'published',
      excerpt: 'Moving to the cloud saves money.',
      author: { username: 'editor person' },
    });
    expect(blog.publishedAt).not.toBeNull();
  });

  it('makes unique ASCII slugs from titles', async () => {
    const slugs = [];
    for (const title of ['Héllo, World!', 'Hello world', 'HELLO   WORLD?', '¿¿¿', '']) {
      const res = await create({ title: title || 'x', content: 'c' });
      slugs.push(res.json().slug);
    }
    expect(slugs).toEqual(['hello-world', 'hello-world-2', 'hello-world-3', 'post', 'x']);
  });

  it('answers 400 naming bad fields, and for an unknown status', async () => {
    const res = await create({ title: '', content: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ title: 'Title is required', content: 'Content is required' });
    const status = await create({ title: 'T', content: 'C', status: 'secret' });
    expect(status.statusCode).toBe(400);
    expect(status.json().fields.status).toBe('Status is not one of the offered options');
  });

  it('makes an excerpt of about 160 characters of plain text', async () => {
    const content = `# Heading\n\n${'Lorem ipsum dolor sit amet. '.repeat(20)}`;
    const blog = (await create({ title: 'Long', content })).json();
    expect(blog.excerpt.length).toBeLessThanOrEqual(160);
    expect(blog.excerpt.length).toBeGreaterThan(100);
    expect(blog.excerpt).toMatch(/^Heading Lorem ipsum/);
    expect(blog.excerpt).toMatch(/…$/);
  });
});

describe('drafts and slugs', () => {
  it('hides drafts from the public and shows them to editors with ?status=all', async () => {
    const draft = (await create({ title: 'Secret plan', content: 'Not yet', status: 'draft' })).json();
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null });

    const publicList = await t.app.inject({ method: 'GET', url: '/api/blogs' });
    expect(publicList.json().map((b: { _id: string }) => b._id)).not.toContain(draft._id);
    for (const url of [`/api/blogs/${draft._id}`, `/api/blogs/${draft.slug}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url, headers: who.headers.pending })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url, headers: who.headers.editor })).statusCode).toBe(200);
    }

    const all = await t.app.inject({ method: 'GET', url: '/api/blogs?status=all', headers: who.headers.admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((b: { _id: string }) => b._id)).toContain(draft._id);
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs?status=all' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/blogs?status=all', headers: who.headers.pending })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs?status=nonsense' })).statusCode).toBe(400);
  });

  it('the slug follows the title; publishing keeps the first publication time', async () => {
    const draft = (await create({ title: 'First title', content: 'c', status: 'draft' })).json();
    const renamed = (await update(draft._id, { title: 'Second title', content: 'c' })).json();
    expect(renamed).toMatchObject({ slug: 'second-title', status: 'draft' });

    const published = (await update(draft._id, { title: 'Final title', content: 'c', status: 'published' })).json();
    expect(published).toMatchObject({ slug: 'final-title', status: 'published' });
    expect(published.publishedAt).not.toBeNull();

    const retitled = (await update(draft._id, { title: 'A new name', content: 'c2' })).json();
    expect(retitled).toMatchObject({ slug: 'a-new-name', title: 'A new name', status: 'published' });
    expect(retitled.publishedAt).toBe(published.publishedAt);
  });

  it('lists published posts newest first', async () => {
    const older = (await create({ title: 'Older', content: 'c' })).json();
    await t.app.db
      .update(schema.blogs)
      .set({ publishedAt: new Date('2020-01-01') })
      .where(eq(schema.blogs.id, older._id));
    const newer = (await create({ title: 'Newer', content: 'c' })).json();
    const ids = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).json().map((b: { _id: string }) => b._id);
    expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
    expect(ids.at(-1)).toBe(older._id);
  });

  it('keeps the image when PUT leaves imageUrl out, clears it when PUT sends null', async () => {
    const post = (
      await create({ title: 'Pictured', content: 'c', imageUrl: 'https://img.example.com/a.png', imageAlt: 'A chart' })
    ).json();
    expect((await update(post._id, { title: 'Pictured', content: 'c2' })).json().imageUrl).toBe(
      'https://img.example.com/a.png',
    );
    expect((await update(post._id, { title: 'Pictured', content: 'c3', imageUrl: null })).json().imageUrl).toBeNull();
  });

  it('answers 404 (never 500) for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%27%20or%201%3D1']) {
      expect((await update(id, { title: 'T', content: 'C' })).statusCode).toBe(404);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/blogs/${id}`, headers: who.headers.editor });
      expect(del.statusCode).toBe(404);
      expect(del.json().error).toBe(MESSAGES.blog.notFound);
      expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${id}` })).statusCode).toBe(404);
    }
  });

  it('shows author null once the author account is removed', async () => {
    const fresh = await createTestApp();
    try {
      const team = await callers(fresh.app);
      const post = (
        await fresh.app.inject({
          method: 'POST',
          url: '/api/blogs',
          headers: team.headers.editor,
          payload: { title: 'Orphan', content: 'c' },
        })
      ).json();
      await fresh.app.inject({
        method: 'DELETE',
        url: `/api/users/${team.accounts.editor.id}`,
        headers: team.headers.admin,
      });
      const res = await fresh.app.inject({ method: 'GET', url: `/api/blogs/${post._id}` });
      expect(res.json().author).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});

describe('XSS in posts', () => {
  const payload = [
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(2)">',
    '<img src="/ok.png" onerror="alert(3)">',
    '[click](javascript:alert(4))',
    '<a href="JaVaScRiPt:alert(5)">x</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<style>body{display:none}</style>',
    '<svg onload="alert(6)"></svg>',
    '<p onclick="alert(7)" style="color:red">para</p>',
    '[safe](https://example.com) and [mail](mailto:a@example.com)',
  ].join('\n\n');

  it('stores the content as sent, but the page HTML has no script, handler or javascript: link', async () => {
    const created = (await create({ title: 'XSS attempt', content: payload })).json();
    expect(created.content).toBe(payload);
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${created._id}` })).json().content).toBe(payload);

    const context = createWebLoadContext(t.app, { siteUrl: 'https://www.example.co.uk', jwtSecret: 'test-secret' })();
    const post = await context.blogs.findPublishedBySlug(created.slug);
    expect(post).not.toBeNull();
    const html = post!.html;
    expect(html).not.toMatch(/<script|<iframe|<style|<svg/i);
    expect(html).not.toMatch(/\son\w+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/style=/i);
    expect(html).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer" target="_blank">safe</a>');
    expect(html).toContain('href="mailto:a@example.com"');
    expect(html).toContain('<img src="/ok.png"');
    expect(html).toContain('<p>para</p>');
    expect(post!.excerpt).not.toMatch(/<script/);
  });
});

describe('web load context', () => {
  it('lists published posts and finds one by slug with rendered HTML; drafts and unknown slugs are null', async () => {
    const context = createWebLoadContext(t.app, { siteUrl: 'https://www.example.co.uk', jwtSecret: 'test-secret' })();
    const post = (await create({ title: 'Rendered post', content: '## Sub\n\nHello *world*' })).json();
    const draft = (await create({ title: 'Hidden draft', content: 'x', status: 'draft' })).json();
    const listed = await context.blogs.listPublished();
    expect(listed.map((b) => b.slug)).toContain('rendered-post');
    expect(listed.map((b) => b.slug)).not.toContain(draft.slug);
    const found = await context.blogs.findPublishedBySlug('rendered-post');
    expect(found).toMatchObject({ _id: post._id, html: '<h2>Sub</h2>\n<p>Hello <em>world</em></p>\n', image: null });
    expect(await context.blogs.findPublishedBySlug(draft.slug)).toBeNull();
    expect(await context.blogs.findPublishedBySlug('no-such-post')).toBeNull();
  });
});

describe('GET /blog/rss.xml', () => {
  it('is RSS 2.0 of published posts with absolute, escaped links', async () => {
    await create({ title: 'Tom & Jerry <3 "RSS"', content: 'Cats & mice' });
    await create({ title: 'Unpublished thoughts', content: 'x', status: 'draft' });
    const res = await t.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(res.body).toContain('<title>Tom &amp; Jerry &lt;3 &quot;RSS&quot;</title>');
    expect(res.body).toContain('<link>https://www.example.co.uk/blog/tom-jerry-3-rss</link>');
    expect(res.body).toContain('<description>Cats &amp; mice</description>');
    expect(res.body).not.toContain('Unpublished thoughts');
    expect(res.body).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
  });

  it('carries every article, the built-in ones and the written ones, newest first, each with its own address', async () => {
    await create({ title: 'Fresh news from the team', content: 'Written today.' });
    const res = await t.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    const items = [...res.body.matchAll(/<item>[\s\S]*?<\/item>/g)].map(([item]) => ({
      link: /<link>(.*)<\/link>/.exec(item)?.[1],
      date: Date.parse(/<pubDate>(.*)<\/pubDate>/.exec(item)?.[1] ?? ''),
    }));
    const links = items.map((item) => item.link);
    for (const slug of ['aws', 'vpn', 'network-design', 'fresh-news-from-the-team']) {
      expect(links.filter((link) => link === `https://www.example.co.uk/blog/${slug}`)).toHaveLength(1);
    }
    expect(res.body).toContain('<title>The Benefits of AWS for Growing Businesses</title>');
    expect(res.body).toContain('<pubDate>Tue, 14 Jan 2025 00:00:00 GMT</pubDate>');
    const dates = items.map((item) => item.date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // Written today, so it comes before the built-in articles of 2025.
    expect(links[0]).toBe('https://www.example.co.uk/blog/fresh-news-from-the-team');
    expect(new Set(links).size).toBe(links.length);
  });
});
