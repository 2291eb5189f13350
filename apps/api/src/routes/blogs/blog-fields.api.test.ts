// Issue 23, item 6: a post's editable slug, excerpt, search title and description and social image,
// through the API and the web load context (what the public post page's meta tags are built from).
import { BLOG_MESSAGES, BlogRevisionSchema, BlogSchema } from '@agency/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers } from '../../../test/auth-fixtures.ts';
import { createWebLoadContext } from '../../services/web-context.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';

let t: TestApp;
let who: Awaited<ReturnType<typeof callers>>;
let web: ReturnType<ReturnType<typeof createWebLoadContext>>;
beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET: SECRET });
  who = await callers(t.app);
  web = createWebLoadContext(t.app, { siteUrl: 'http://localhost', jwtSecret: SECRET })();
});
afterAll(() => t.close());

const post = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/blogs', headers: who.headers.editor, payload });
const create = async (payload: object) => {
  const res = await post(payload);
  expect(res.statusCode, res.body).toBe(201);
  return BlogSchema.strict().parse(res.json());
};
const update = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/blogs/${id}`, headers: who.headers.editor, payload });

const IMAGE = '/api/uploads/images/0b7f1d2c-3a4b-4c5d-8e6f-7a8b9c0d1e2f-1600.webp';

describe('the new fields of a post', () => {
  it('stores a chosen slug, a hand-written excerpt and the search and social fields', async () => {
    const blog = await create({
      title: 'Why we moved to the cloud',
      content: 'A long story about servers.',
      slug: 'Cloud-Move',
      excerpt: 'How and why, in five minutes.',
      seoTitle: 'Moving to the cloud: our story',
      seoDescription: 'What a small agency learnt moving its servers.',
      socialImageUrl: IMAGE,
      socialImageAlt: 'A rack of servers',
      status: 'published',
    });
    expect(blog).toMatchObject({
      slug: 'cloud-move',
      excerpt: 'How and why, in five minutes.',
      excerptWritten: true,
      seoTitle: 'Moving to the cloud: our story',
      seoDescription: 'What a small agency learnt moving its servers.',
      socialImageUrl: IMAGE,
      socialImageAlt: 'A rack of servers',
    });
    // The public page reads the same post, with its fields, by the chosen slug.
    expect(await web.blogs.findPublishedBySlug('cloud-move')).toMatchObject({
      seoTitle: 'Moving to the cloud: our story',
      socialImageUrl: IMAGE,
    });
  });

  it('derives what is left out as before: the slug from the title, the excerpt from the content', async () => {
    const blog = await create({ title: 'Plain post', content: 'First words of the content.' });
    expect(blog).toMatchObject({
      slug: 'plain-post',
      excerpt: 'First words of the content.',
      excerptWritten: false,
      seoTitle: null,
      seoDescription: null,
      socialImageUrl: null,
      socialImageAlt: null,
    });
  });

  it('keeps a hand-written excerpt when the content changes, and derives it again when it is emptied', async () => {
    const blog = await create({ title: 'Excerpts', content: 'Old content.', excerpt: 'Written by hand.' });
    const changed = (await update(blog._id, { title: 'Excerpts', content: 'New content.' })).json();
    expect(changed).toMatchObject({ excerpt: 'Written by hand.', excerptWritten: true });
    const emptied = (await update(blog._id, { title: 'Excerpts', content: 'New content.', excerpt: '' })).json();
    expect(emptied).toMatchObject({ excerpt: 'New content.', excerptWritten: false });
  });

  it('changes the slug when one is sent, keeps the old one as a redirect, and keeps SEO fields left out', async () => {
    const blog = await create({ title: 'Renamed later', content: 'c', seoTitle: 'Kept' });
    const moved = await update(blog._id, { title: 'Renamed later', content: 'c', slug: 'a-better-address' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ slug: 'a-better-address', seoTitle: 'Kept' });
    const old = await t.app.inject({ method: 'GET', url: '/api/blogs/renamed-later' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/api/blogs/a-better-address');
    // A title change no longer moves a slug an editor sent along with it.
    const retitled = await update(blog._id, { title: 'Another title', content: 'c', slug: 'a-better-address' });
    expect(retitled.json().slug).toBe('a-better-address');
    const cleared = await update(blog._id, { title: 'Another title', content: 'c', seoTitle: '' });
    expect(cleared.json().seoTitle).toBeNull();
  });
});

describe('bad input names the field, and nothing is saved', () => {
  it('refuses a taken, reserved, built-in or malformed slug with 400 naming slug', async () => {
    await create({ title: 'Taken', content: 'c' });
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/blogs?status=all', headers: who.headers.editor })
    ).json().length;
    for (const [slug, message] of [
      ['taken', BLOG_MESSAGES.slugTaken],
      ['rss', BLOG_MESSAGES.slugTaken],
      ['aws', BLOG_MESSAGES.slugTaken],
      ['two words', BLOG_MESSAGES.slugFormat],
      ['a--b', BLOG_MESSAGES.slugFormat],
      ['ünïcode', BLOG_MESSAGES.slugFormat],
      ['x'.repeat(81), 'Address (slug) must be at most 80 characters'],
    ] as const) {
      const res = await post({ title: 'Another', content: 'c', slug });
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().fields, slug).toEqual({ slug: message });
    }
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/blogs?status=all', headers: who.headers.editor })
    ).json().length;
    expect(after).toBe(before);
  });

  it('refuses to move a post onto another post’s slug', async () => {
    await create({ title: 'First address', content: 'c' });
    const second = await create({ title: 'Second address', content: 'c' });
    const res = await update(second._id, { title: 'Second address', content: 'c', slug: 'first-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ slug: BLOG_MESSAGES.slugTaken });
    const stored = (await t.app.inject({ method: 'GET', url: `/api/blogs/${second._id}` })).json();
    expect(stored.slug).toBe('second-address');
  });

  it('needs a description with a social image, and limits the search fields', async () => {
    const noAlt = await post({ title: 'Social', content: 'c', socialImageUrl: IMAGE });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().fields).toEqual({ socialImageAlt: BLOG_MESSAGES.socialImageAltRequired });
    const badUrl = await post({
      title: 'Social',
      content: 'c',
      socialImageUrl: 'javascript:alert(1)',
      socialImageAlt: 'x',
    });
    expect(badUrl.json().fields).toEqual({ socialImageUrl: BLOG_MESSAGES.imageUrlInvalid });
    const long = await post({
      title: 'Social',
      content: 'c',
      seoTitle: 'x'.repeat(71),
      seoDescription: 'y'.repeat(161),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({
      seoTitle: 'Headline in search results must be at most 70 characters',
      seoDescription: 'Summary in search results must be at most 160 characters',
    });
    // An update that removes the description of a stored social image is refused too.
    const blog = await create({ title: 'Social ok', content: 'c', socialImageUrl: IMAGE, socialImageAlt: 'Servers' });
    const cleared = await update(blog._id, { title: 'Social ok', content: 'c', socialImageAlt: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().fields).toEqual({ socialImageAlt: BLOG_MESSAGES.socialImageAltRequired });
  });
});

describe('revisions keep the new fields', () => {
  it('restores an earlier excerpt, search title and social image', async () => {
    const blog = await create({
      title: 'Versions',
      content: 'c',
      excerpt: 'First excerpt',
      seoTitle: 'First search title',
      socialImageUrl: IMAGE,
      socialImageAlt: 'First picture',
    });
    await update(blog._id, {
      title: 'Versions',
      content: 'c2',
      excerpt: '',
      seoTitle: 'Second',
      socialImageUrl: '',
    });
    const revisions = BlogRevisionSchema.array().parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/blogs/${blog._id}/revisions`, headers: who.headers.editor })
      ).json(),
    );
    expect(revisions[0]).toMatchObject({
      excerpt: 'First excerpt',
      seoTitle: 'First search title',
      socialImageUrl: IMAGE,
    });
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/blogs/${blog._id}/revisions/${revisions[0]!.id}/restore`,
      headers: who.headers.editor,
    });
    expect(restored.json()).toMatchObject({
      content: 'c',
      excerpt: 'First excerpt',
      excerptWritten: true,
      seoTitle: 'First search title',
      socialImageUrl: IMAGE,
      socialImageAlt: 'First picture',
    });
  });
});
