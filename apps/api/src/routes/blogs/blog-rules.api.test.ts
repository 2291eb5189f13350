// Issue 12's blog rules through the API and the web load context: unique slugs, scheduled posts,
// preview links, revisions, old slugs, tags, search and image descriptions.
import { BLOG_MESSAGES, BlogRevisionSchema, BlogSchema } from '@agency/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callers } from '../../../test/auth-fixtures.ts';
import { listBlogs } from '../../services/blogs.ts';
import { createPreviewToken } from '../../services/preview.ts';
import { createWebLoadContext } from '../../services/web-context.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';

let t: TestApp;
let who: Awaited<ReturnType<typeof callers>>;
let web: ReturnType<ReturnType<typeof createWebLoadContext>>;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL: 'https://www.example.co.uk', JWT_SECRET: SECRET });
  who = await callers(t.app);
  web = createWebLoadContext(t.app, { siteUrl: 'https://www.example.co.uk', jwtSecret: SECRET })();
});
afterAll(() => t.close());

const create = async (payload: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/blogs', headers: who.headers.editor, payload });
  expect(res.statusCode, res.body).toBe(201);
  return BlogSchema.parse(res.json());
};
const update = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/blogs/${id}`, headers: who.headers.editor, payload });
const publicList = async (query = '') =>
  BlogSchema.array().parse((await t.app.inject({ method: 'GET', url: `/api/blogs${query}` })).json());
const rss = async () => (await t.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body;

describe('unique addresses', () => {
  it('never gives a post a built-in article’s or a reserved slug: a clash gets a suffix', async () => {
    const slugs = [];
    for (const title of ['AWS', 'VPN', 'Network Design', 'RSS', 'Preview', 'Tag'])
      slugs.push((await create({ title, content: 'c' })).slug);
    expect(slugs).toEqual(['aws-2', 'vpn-2', 'network-design-2', 'rss-2', 'preview-2', 'tag-2']);
    expect((await create({ title: 'Network design', content: 'again' })).slug).toBe('network-design-3');
  });

  it('never hands a renamed post’s old slug to another post (its old links keep working)', async () => {
    const first = await create({ title: 'Moving house', content: 'c' });
    expect((await update(first._id, { title: 'Moved house', content: 'c' })).json().slug).toBe('moved-house');
    const second = await create({ title: 'Moving house', content: 'other' });
    expect(second.slug).toBe('moving-house-2');
    expect(await web.blogs.findRedirect('moving-house')).toBe('moved-house');
  });
});

describe('scheduled publishing', () => {
  it('answers 400 for a scheduled post without a time', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: who.headers.editor,
      payload: { title: 'When?', content: 'c', status: 'scheduled' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ publishedAt: BLOG_MESSAGES.publishedAtRequired });
  });

  it('is hidden until its time, to the millisecond, by the query alone', async () => {
    const at = new Date(Date.now() + 60 * 60 * 1000);
    const post = await create({ title: 'Next hour', content: 'c', status: 'scheduled', publishedAt: at.toISOString() });
    expect(post).toMatchObject({ status: 'scheduled', publishedAt: at.toISOString() });
    const ids = async (now: Date) => (await listBlogs(t.app.db, { now })).map((blog) => blog._id);
    expect(await ids(new Date(at.getTime() - 1))).not.toContain(post._id);
    expect(await ids(at)).toContain(post._id);
    const due = (await listBlogs(t.app.db, { now: at })).find((blog) => blog._id === post._id);
    expect(due?.status).toBe('published');
  });

  it('appears on the list, its page, the feed and the post API when due, not a millisecond before', async () => {
    // The app's clock (Date) is the test's: it stands still until the test moves it, so no real time has to pass
    // and a slow machine cannot step over the due time. The database's own now() stays real, and the post is due
    // an hour ahead of both.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const at = new Date(Date.now() + 60 * 60 * 1000);
      const post = await create({
        title: 'On the hour',
        content: 'Soon',
        status: 'scheduled',
        publishedAt: at.toISOString(),
      });
      const hidden = async () => {
        expect((await publicList()).map((blog) => blog._id)).not.toContain(post._id);
        expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${post.slug}` })).statusCode).toBe(404);
        expect(await web.blogs.findPublishedBySlug(post.slug)).toBeNull();
        expect((await web.blogs.listPublished()).map((blog) => blog._id)).not.toContain(post._id);
        expect(await rss()).not.toContain('On the hour');
      };

      await hidden();
      // Editors see it with its time.
      const all = await t.app.inject({ method: 'GET', url: '/api/blogs?status=all', headers: who.headers.editor });
      expect(all.json().find((blog: { _id: string }) => blog._id === post._id)).toMatchObject({
        status: 'scheduled',
      });

      // Not a millisecond before its time (the public answers cached above are asked again)…
      vi.setSystemTime(at.getTime() - 1);
      await hidden();
      // …and public everywhere once it has come.
      vi.setSystemTime(at);
      expect((await publicList()).map((blog) => blog._id)).toContain(post._id);
      const one = await t.app.inject({ method: 'GET', url: `/api/blogs/${post.slug}` });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ status: 'published', publishedAt: at.toISOString() });
      expect(await web.blogs.findPublishedBySlug(post.slug)).toMatchObject({ _id: post._id });
      expect((await web.blogs.listPublished()).map((blog) => blog._id)).toContain(post._id);
      expect(await rss()).toContain('<title>On the hour</title>');
    } finally {
      vi.useRealTimers();
    }
  });

  it('treats a published post with a future time as scheduled', async () => {
    const at = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const post = await create({ title: 'Tomorrow', content: 'c', status: 'published', publishedAt: at });
    expect(post.status).toBe('scheduled');
    expect((await publicList()).map((blog) => blog._id)).not.toContain(post._id);
  });
});

describe('preview links', () => {
  it('lets anyone with the link read a draft for one hour; forged or expired links read nothing', async () => {
    const draft = await create({ title: 'Draft preview', content: '**bold**', status: 'draft' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/blogs/${draft._id}/preview`,
      headers: who.headers.editor,
    });
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(/^\/blog\/preview\/[^/]+$/);
    const lifetime = new Date(expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000);

    const token = decodeURIComponent(url.split('/').pop());
    expect(await web.blogs.findPreview(token)).toMatchObject({
      _id: draft._id,
      html: '<p><strong>bold</strong></p>\n',
    });
    const [id, expiry, signature] = token.split('.');
    expect(await web.blogs.findPreview(`${id}.${Number(expiry) + 3600}.${signature}`)).toBeNull();
    expect(await web.blogs.findPreview(`${id}.${expiry}.${signature!.slice(1)}x`)).toBeNull();
    const old = createPreviewToken(SECRET, draft._id, new Date(Date.now() - 61 * 60 * 1000));
    expect(await web.blogs.findPreview(old.token)).toBeNull();
    const otherKey = createPreviewToken('another-secret-another-secret-another', draft._id);
    expect(await web.blogs.findPreview(otherKey.token)).toBeNull();

    expect((await t.app.inject({ method: 'POST', url: `/api/blogs/${draft._id}/preview` })).statusCode).toBe(401);
    const pending = await t.app.inject({
      method: 'POST',
      url: `/api/blogs/${draft._id}/preview`,
      headers: who.headers.pending,
    });
    expect(pending.statusCode).toBe(403);
  });
});

describe('a preview link of a post with an autosaved draft', () => {
  it('shows the draft (title, text, tags, excerpt) while the public post keeps the published text', async () => {
    const post = await create({
      title: 'Published heading',
      content: 'The **published** text.',
      status: 'published',
      tags: ['cloud'],
    });
    const draft = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post._id}/draft`,
      headers: who.headers.editor,
      payload: {
        version: post.version,
        data: {
          title: 'Draft heading',
          content: 'The *draft* text, half written.',
          tags: 'cloud, security',
          excerpt: 'A draft summary.',
          imageUrl: 'not an address yet',
        },
      },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const savedAt = draft.json().draft.savedAt;

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/blogs/${post._id}/preview`,
      headers: who.headers.editor,
    });
    expect(res.statusCode).toBe(200);
    const token = decodeURIComponent(res.json().url.split('/').pop());
    const preview = await web.blogs.findPreview(token);
    expect(preview).toMatchObject({
      _id: post._id,
      title: 'Draft heading',
      content: 'The *draft* text, half written.',
      html: '<p>The <em>draft</em> text, half written.</p>\n',
      tags: ['cloud', 'security'],
      excerpt: 'A draft summary.',
      // A half-typed image address keeps the saved (here: no) image.
      imageUrl: null,
      status: 'published',
      slug: post.slug,
      draftSavedAt: savedAt,
    });
    // The preview carries no editor-only fields.
    expect(preview).not.toHaveProperty('draft');
    expect(preview).not.toHaveProperty('version');

    // The public post (page and API) still shows the published text.
    expect(await web.blogs.findPublishedBySlug(post.slug)).toMatchObject({
      title: 'Published heading',
      html: '<p>The <strong>published</strong> text.</p>\n',
      tags: ['cloud'],
    });
    const publicPost = await t.app.inject({ method: 'GET', url: `/api/blogs/${post.slug}` });
    expect(publicPost.json()).toMatchObject({ title: 'Published heading', content: 'The **published** text.' });
    expect(publicPost.body).not.toContain('Draft heading');

    // Still signed: a forged token reads nothing; a post without a draft previews as saved.
    const [id, expiry, signature] = token.split('.');
    expect(await web.blogs.findPreview(`${id}.${expiry}.${signature!.slice(1)}x`)).toBeNull();
    const plain = await create({ title: 'No draft here', content: 'Saved text', status: 'draft' });
    const plainLink = await t.app.inject({
      method: 'POST',
      url: `/api/blogs/${plain._id}/preview`,
      headers: who.headers.editor,
    });
    const plainToken = decodeURIComponent(plainLink.json().url.split('/').pop());
    expect(await web.blogs.findPreview(plainToken)).toMatchObject({ title: 'No draft here', draftSavedAt: null });
  });
});

describe('revisions and old addresses', () => {
  it('keeps every earlier version and restores one; the restore itself can be undone', async () => {
    const post = await create({ title: 'Version one', content: 'First text', tags: ['cloud'] });
    await update(post._id, { title: 'Version two', content: 'Second text' });
    await update(post._id, { title: 'Version two', content: 'Third text', tags: ['cloud', 'security'] });

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/blogs/${post._id}/revisions`,
      headers: who.headers.editor,
    });
    expect(list.statusCode).toBe(200);
    const revisions = BlogRevisionSchema.array().parse(list.json());
    expect(revisions.map((revision) => revision.content)).toEqual(['Second text', 'First text']);
    expect(revisions[1]).toMatchObject({ title: 'Version one', slug: 'version-one', tags: ['cloud'] });
    expect(revisions[0]!.editor).toEqual({ username: 'editor person' });

    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/blogs/${post._id}/revisions/${revisions[1]!.id}/restore`,
      headers: who.headers.editor,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      title: 'Version one',
      content: 'First text',
      slug: 'version-one',
      tags: ['cloud'],
    });
    const after = BlogRevisionSchema.array().parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/blogs/${post._id}/revisions`, headers: who.headers.editor })
      ).json(),
    );
    expect(after.map((revision) => revision.content)).toEqual(['Third text', 'Second text', 'First text']);

    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/blogs/${post._id}/revisions/00000000-0000-4000-8000-000000000000/restore`,
      headers: who.headers.editor,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${post._id}/revisions` })).statusCode).toBe(401);
    const pending = await t.app.inject({
      method: 'GET',
      url: `/api/blogs/${post._id}/revisions`,
      headers: who.headers.pending,
    });
    expect(pending.statusCode).toBe(403);
  });

  it('sends every earlier slug straight to the current one after two renames (no chains)', async () => {
    const post = await create({ title: 'Alpha post', content: 'c' });
    await update(post._id, { title: 'Beta post', content: 'c' });
    const renamed = (await update(post._id, { title: 'Gamma post', content: 'c' })).json();
    expect(renamed.slug).toBe('gamma-post');
    expect(await web.blogs.findRedirect('alpha-post')).toBe('gamma-post');
    expect(await web.blogs.findRedirect('beta-post')).toBe('gamma-post');
    expect(await web.blogs.findRedirect('gamma-post')).toBeNull();
    const api = await t.app.inject({ method: 'GET', url: '/api/blogs/alpha-post' });
    expect(api.statusCode).toBe(301);
    expect(api.headers.location).toBe('/api/blogs/gamma-post');

    // Back to the first title: its slug is current again and the middle one still redirects.
    expect((await update(post._id, { title: 'Alpha post', content: 'c' })).json().slug).toBe('alpha-post');
    expect(await web.blogs.findRedirect('alpha-post')).toBeNull();
    expect(await web.blogs.findRedirect('beta-post')).toBe('alpha-post');
    expect(await web.blogs.findRedirect('gamma-post')).toBe('alpha-post');
  });

  it('does not reveal where a draft moved', async () => {
    const draft = await create({ title: 'Quiet one', content: 'c', status: 'draft' });
    await update(draft._id, { title: 'Quiet two', content: 'c' });
    expect(await web.blogs.findRedirect('quiet-one')).toBeNull();
  });
});

describe('tags and search', () => {
  it('filters by tag (case-insensitive) on the API, the web list and the feed categories', async () => {
    const tagged = await create({ title: 'Tagged post', content: 'c', tags: ['Zero Trust', 'security', 'security'] });
    await create({ title: 'Untagged post', content: 'c' });
    expect(tagged.tags).toEqual(['zero trust', 'security']);
    expect((await publicList('?tag=Zero%20Trust')).map((blog) => blog._id)).toEqual([tagged._id]);
    expect((await web.blogs.listPublished({ tag: 'zero trust' })).map((blog) => blog._id)).toEqual([tagged._id]);
    expect(await rss()).toContain('<category>zero trust</category>');
  });

  it('answers 400 for more than five tags or a malformed one', async () => {
    for (const tags of [['a', 'b', 'c', 'd', 'e', 'f'], ['<script>']]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/blogs',
        headers: who.headers.editor,
        payload: { title: 'Too many', content: 'c', tags },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['tags']);
    }
  });

  it('searches title and content with full-text search, best match first, stemmed', async () => {
    const inBody = await create({ title: 'Office moves', content: 'We installed new firewalls in every branch.' });
    const inTitle = await create({ title: 'Choosing a firewall', content: 'A buyer’s guide for small offices.' });
    await create({ title: 'Cloud backups', content: 'Nothing about that topic here.' });
    expect((await publicList('?q=firewall')).map((blog) => blog._id)).toEqual([inTitle._id, inBody._id]);
    expect((await web.blogs.listPublished({ q: 'firewalls' })).map((blog) => blog._id)).toEqual([
      inTitle._id,
      inBody._id,
    ]);
    expect((await publicList('?q=%22small%20offices%22%20-cloud')).map((blog) => blog._id)).toEqual([inTitle._id]);
    expect(await publicList('?q=the')).toEqual([]);
    // Drafts never show up in a public search.
    await create({ title: 'Firewall draft', content: 'firewall', status: 'draft' });
    expect(await publicList('?q=firewall')).toHaveLength(2);
  });

  it('ranks texts outside the database (the built-in articles) by the same full-text rules', async () => {
    const articles = [
      { id: 'aws', title: 'The Benefits of AWS', text: 'Cloud servers that grow with you; a VPN links offices.' },
      { id: 'vpn', title: 'The Benefits of a VPN for Your Business', text: 'Remote staff connect safely.' },
      { id: 'network-design', title: 'Choosing a Network Design', text: 'Cabling, Wi-Fi and switches.' },
    ];
    // A title match outranks a match in the text; what does not match is left out.
    expect(await web.blogs.rankArticles('vpn', articles)).toEqual(['vpn', 'aws']);
    expect(await web.blogs.rankArticles('"remote staff" -cloud', articles)).toEqual(['vpn']);
    expect(await web.blogs.rankArticles('switch', articles)).toEqual(['network-design']);
    expect(await web.blogs.rankArticles('the', articles)).toEqual([]);
    expect(await web.blogs.rankArticles('kubernetes', articles)).toEqual([]);
    // A quote is only a character of the search, never SQL.
    expect(await web.blogs.rankArticles("vpn'", articles)).toEqual(['vpn', 'aws']);
  });
});

describe('image descriptions', () => {
  it('refuses an image sent with an empty description, names the field, and returns the description', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: who.headers.editor,
      payload: { title: 'Pictured', content: 'c', imageUrl: 'https://img.example.com/a.png', imageAlt: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ imageAlt: BLOG_MESSAGES.imageAltRequired });
    const post = await create({
      title: 'Pictured',
      content: 'c',
      imageUrl: 'https://img.example.com/a.png',
      imageAlt: 'Two engineers at a rack',
    });
    expect(post.imageAlt).toBe('Two engineers at a rack');
    // Clearing the description of a kept image is refused too.
    const cleared = await update(post._id, { title: 'Pictured', content: 'c', imageAlt: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().fields).toEqual({ imageAlt: BLOG_MESSAGES.imageAltRequired });
  });

  it('refuses an image address a page could not show as an image, and text fields that are not text', async () => {
    for (const imageUrl of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/x.png', 'x.png']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/blogs',
        headers: who.headers.editor,
        payload: { title: 'Bad image', content: 'c', imageUrl, imageAlt: 'x' },
      });
      expect(res.statusCode, imageUrl).toBe(400);
      expect(res.json().fields, imageUrl).toEqual({ imageUrl: BLOG_MESSAGES.imageUrlInvalid });
    }
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: who.headers.editor,
      payload: { title: 5, content: ['c'] },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().fields).toEqual({ title: 'Title must be text', content: 'Content must be text' });
  });

  it("accepts docs/product.md's payload (title, content, imageUrl): the title describes a new image, a description is kept", async () => {
    const imageUrl = 'https://img.example.com/b.png';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: who.headers.editor,
      payload: { title: 'From an older client', content: 'Body', imageUrl },
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = BlogSchema.parse(res.json());
    expect(post).toMatchObject({ imageUrl, imageAlt: 'From an older client' });

    const described = await update(post._id, {
      title: 'From an older client',
      content: 'Body',
      imageUrl,
      imageAlt: 'A map',
    });
    expect(described.statusCode).toBe(200);
    const rewritten = await update(post._id, { title: 'Renamed by an older client', content: 'New body', imageUrl });
    expect(rewritten.statusCode, rewritten.body).toBe(200);
    expect(rewritten.json()).toMatchObject({ imageUrl, imageAlt: 'A map', content: 'New body' });
  });
});

describe('audit', () => {
  it('records scheduling and restoring a post', async () => {
    const post = await create({
      title: 'Audited post',
      content: 'one',
      status: 'scheduled',
      publishedAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await update(post._id, { title: 'Audited post', content: 'two' });
    const [revision] = (
      await t.app.inject({ method: 'GET', url: `/api/blogs/${post._id}/revisions`, headers: who.headers.editor })
    ).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/blogs/${post._id}/revisions/${revision.id}/restore`,
      headers: who.headers.editor,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=blog', headers: who.headers.admin });
    const actions = (res.json() as { items: { action: string; target: { id: string } | null }[] }).items
      .filter((entry) => entry.target?.id === post._id)
      .map((entry) => entry.action);
    expect(actions.sort()).toEqual(['blog.created', 'blog.restored', 'blog.scheduled', 'blog.updated']);
  });
});
