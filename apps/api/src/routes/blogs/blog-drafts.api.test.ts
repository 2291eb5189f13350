// A post's autosaved server draft (issue 23, item 6: "the same autosaved draft" as content documents): saved
// by itself, never public, a stale save refused with 409 naming who changed the post, the update takes it.
import { BLOG_MESSAGES, LENGTH } from '@agency/contract';
import { schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createWebLoadContext } from '../../services/web-context.ts';

let t: TestApp;
let who: Awaited<ReturnType<typeof callers>>;
beforeAll(async () => {
  t = await createTestApp();
  who = await callers(t.app);
});
afterAll(() => t.close());

/** The editor account's name (auth-fixtures: `${role} person`). */
const EDITOR = 'editor person';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const create = async (payload: Json) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/blogs', headers: who.headers.editor, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Json;
};
const saveDraft = (id: string, version: unknown, data: unknown, headers = who.headers.editor) =>
  t.app.inject({ method: 'PUT', url: `/api/blogs/${id}/draft`, headers, payload: { version, data } });
const createDraft = (data: unknown, headers = who.headers.editor) =>
  t.app.inject({ method: 'POST', url: '/api/blogs/draft', headers, payload: { data } });
const editorsList = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/blogs?status=all', headers: who.headers.editor })).json() as Json[];

describe("a post's server draft", () => {
  it('is saved on the server, shown to editors with the post, and never to the public', async () => {
    const post = await create({ title: 'Edge networks', content: 'The published text.', status: 'published' });
    expect(post.version).toBe(1);
    const saved = await saveDraft(post._id, 1, { title: 'Edge networks', content: 'Half-written new text' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers['cache-control']).toBe('private, no-store');
    expect(saved.json()).toMatchObject({
      version: 2,
      content: 'The published text.',
      draft: { data: { content: 'Half-written new text' }, savedBy: EDITOR },
    });

    // Another browser (another session of the same or another editor) opens it: the draft is there.
    const listed = (await editorsList()).find((blog) => blog._id === post._id)!;
    expect(listed.draft.data.content).toBe('Half-written new text');
    expect(listed.version).toBe(2);
    const asAdmin = (
      await t.app.inject({ method: 'GET', url: '/api/blogs?status=all', headers: who.headers.admin })
    ).json() as Json[];
    expect(asAdmin.find((blog) => blog._id === post._id)!.draft.data.content).toBe('Half-written new text');

    // The public: the published text, no draft and no version, in the list and the post.
    const publicPost = (await t.app.inject({ method: 'GET', url: `/api/blogs/${post.slug}` })).json();
    expect(publicPost.content).toBe('The published text.');
    expect(publicPost).not.toHaveProperty('draft');
    expect(publicPost).not.toHaveProperty('version');
    const publicList = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).json() as Json[];
    expect(JSON.stringify(publicList)).not.toContain('Half-written');
    const page = await t.app.inject({ method: 'GET', url: '/api/blogs/rss.xml' });
    expect(page.body).not.toContain('Half-written');
  });

  it('refuses a save from a stale version with 409 naming who changed the post and when, saving nothing', async () => {
    const post = await create({ title: 'Two editors', content: 'Text', status: 'draft' });
    const first = await saveDraft(post._id, post.version, { content: 'The editor’s text' });
    expect(first.statusCode).toBe(200);
    // The admin opened the same version and saves after the editor.
    const second = await saveDraft(post._id, post.version, { content: 'The admin’s text' }, who.headers.admin);
    expect(second.statusCode).toBe(409);
    const body = second.json();
    expect(body).toEqual({
      error: BLOG_MESSAGES.stale(EDITOR, body.updatedAt),
      updatedBy: EDITOR,
      updatedAt: first.json().draft.savedAt,
      version: first.json().version,
      // The post as the editor left it: what the admin's editor compares field by field (issue 31).
      post: expect.objectContaining({
        _id: post._id,
        draft: expect.objectContaining({ data: first.json().draft.data }),
      }),
    });
    expect(body.error).toContain(EDITOR);
    const listed = (await editorsList()).find((blog) => blog._id === post._id)!;
    expect(listed.draft.data.content).toBe('The editor’s text');
  });

  it('is taken by the update that publishes it: the post shows it, the draft is gone, a stale update is refused', async () => {
    const post = await create({ title: 'Not yet', content: 'First words', status: 'draft' });
    const saved = (await saveDraft(post._id, post.version, { title: 'Ready now', content: 'Finished text' })).json();
    const staleUpdate = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post._id}`,
      headers: who.headers.admin,
      payload: { title: 'Overwrite', content: 'Old view', status: 'published', version: post.version },
    });
    expect(staleUpdate.statusCode).toBe(409);
    expect(staleUpdate.json().updatedBy).toBe(EDITOR);

    const published = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post._id}`,
      headers: who.headers.editor,
      payload: { ...saved.draft.data, status: 'published', version: saved.version },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ title: 'Ready now', content: 'Finished text', status: 'published' });
    expect(published.json().draft).toBeNull();
    expect(published.json().version).toBe(saved.version + 1);
    const publicPost = (await t.app.inject({ method: 'GET', url: `/api/blogs/${published.json().slug}` })).json();
    expect(publicPost.content).toBe('Finished text');
  });

  it('refuses bad input naming the field, an unknown post with 404, and callers who may not edit', async () => {
    const post = await create({ title: 'Limits', content: 'Text', status: 'draft' });
    const long = await saveDraft(post._id, post.version, { title: 'x'.repeat(LENGTH.blogTitle + 1) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().fields)).toContain('data.title');
    const noVersion = await saveDraft(post._id, 'one', { title: 'x' });
    expect(noVersion.statusCode).toBe(400);
    expect(long.json().error).toBe(long.json().fields['data.title']);
    expect(noVersion.json().fields).toHaveProperty('version');
    const missing = await saveDraft('00000000-0000-4000-8000-000000000000', 1, { title: 'x' });
    expect(missing.statusCode).toBe(404);
    expect((await saveDraft(post._id, post.version, { title: 'x' }, who.headers.pending)).statusCode).toBe(403);
    expect((await saveDraft(post._id, post.version, { title: 'x' }, who.headers['no token'])).statusCode).toBe(401);
    expect((await editorsList()).find((blog) => blog._id === post._id)!.draft).toBeNull();
  });

  it("leaves every instance's page cache as it is (the content version), while the update that takes it does not", async () => {
    const contentVersion = async () => Number((await t.app.db.select().from(schema.contentVersion))[0]!.version);
    const post = await create({ title: 'Cache friendly', content: 'Text', status: 'published' });
    const before = await contentVersion();
    const saved = (await saveDraft(post._id, post.version, { content: 'Typing…' })).json();
    expect(await contentVersion()).toBe(before);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post._id}`,
      headers: who.headers.editor,
      payload: { title: 'Cache friendly', content: 'Typed.', version: saved.version },
    });
    expect(updated.statusCode).toBe(200);
    expect(await contentVersion()).toBeGreaterThan(before);
  });

  it('is in the OpenAPI document with its tag and bearer security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/blogs/{id}/draft'].put).toMatchObject({ tags: ['blogs'], security: [{ bearerAuth: [] }] });
    expect(Object.keys(doc.paths['/api/blogs/{id}/draft'].put.responses)).toContain('409');
    expect(Object.keys(doc.paths['/api/blogs/{id}'].put.responses)).toContain('409');
  });
});

describe("a new post's first autosave", () => {
  it('creates it as an unpublished draft that nobody but editors sees, and later autosaves go to its draft', async () => {
    const created = await createDraft({
      title: 'Fresh idea',
      content: 'A first paragraph, typed in one browser',
      published: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const post = created.json();
    expect(post).toMatchObject({
      title: 'Fresh idea',
      status: 'draft',
      publishedAt: null,
      version: 1,
      neverSaved: true,
      draft: { data: { title: 'Fresh idea', content: 'A first paragraph, typed in one browser' }, savedBy: EDITOR },
    });
    // A placeholder address: it takes none a saved post could want.
    expect(post.slug).toBe(`draft-${post._id}`);

    // Another browser (an editor's list) has it, as a draft, with its text.
    const listed = (await editorsList()).find((blog) => blog._id === post._id)!;
    expect(listed).toMatchObject({ status: 'draft', neverSaved: true });
    expect(listed.draft.data.content).toBe('A first paragraph, typed in one browser');

    // The public: not in the list, the search, the feed, nor at its address or id.
    const publicList = await t.app.inject({ method: 'GET', url: '/api/blogs?q=paragraph' });
    expect(publicList.body).not.toContain(post._id);
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs' })).body).not.toContain('Fresh idea');
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${post._id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${post.slug}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body).not.toContain('Fresh idea');
    // Nor the pages: /blog, its search and the sitemap read the web context's published posts.
    const web = createWebLoadContext(t.app, { siteUrl: 'https://www.example.co.uk', jwtSecret: 'x'.repeat(32) })();
    expect((await web.blogs.listPublished()).map((blog) => blog._id)).not.toContain(post._id);
    expect((await web.blogs.listPublished({ q: 'paragraph' })).map((blog) => blog._id)).not.toContain(post._id);
    expect(await web.blogs.findPublishedBySlug(post.slug)).toBeNull();

    // The next autosave is a draft save of that post.
    const next = await saveDraft(post._id, post.version, { title: 'Fresh idea, renamed', content: 'Longer now' });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ version: 2, draft: { data: { content: 'Longer now' } } });
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs' })).body).not.toContain('Longer now');
  });

  it('is replaced by its first save without a revision or an earlier address; later saves keep revisions', async () => {
    const post = (await createDraft({ title: 'Half a tit', content: 'Draft text' })).json();
    const saved = (
      await saveDraft(post._id, post.version, { title: 'Half a title, finished', content: 'Done' })
    ).json();
    const first = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post._id}`,
      headers: who.headers.editor,
      payload: { title: 'Half a title, finished', content: 'Done', status: 'published', version: saved.version },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'published',
      slug: 'half-a-title-finished',
      neverSaved: false,
      draft: null,
    });
    const revisions = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/blogs/${post._id}/revisions`, headers: who.headers.editor })
      ).json();
    expect(await revisions()).toEqual([]);
    // The placeholder address was never public: it does not redirect.
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${post.slug}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs/half-a-title-finished' })).statusCode).toBe(200);

    const second = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post._id}`,
      headers: who.headers.editor,
      payload: { title: 'Half a title, finished', content: 'Done, and edited', version: first.json().version },
    });
    expect(second.statusCode).toBe(200);
    expect((await revisions()).map((revision: Json) => revision.content)).toEqual(['Done']);

    // In the audit log the first save is the post's creation (the autosave is not an entry, as no draft save is).
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=blog',
      headers: who.headers.admin,
    });
    const actions = (audit.json().items as Json[])
      .filter((entry) => entry.target?.id === post._id)
      .map((entry) => entry.action);
    expect(actions.sort()).toEqual(['blog.created', 'blog.published', 'blog.updated']);
  });

  it('never creates an empty post, and refuses callers who may not edit', async () => {
    const count = async () => (await t.app.db.select({ id: schema.blogs.id }).from(schema.blogs)).length;
    const before = await count();
    for (const data of [{}, { title: '   ', content: '' }, { tags: 'cloud', published: true }]) {
      const empty = await createDraft(data);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toEqual({ 'data.title': BLOG_MESSAGES.draftEmpty });
    }
    const long = await createDraft({ title: 'x'.repeat(LENGTH.blogTitle + 1) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().fields)).toContain('data.title');
    expect((await createDraft({ title: 'x' }, who.headers.pending)).statusCode).toBe(403);
    expect((await createDraft({ title: 'x' }, who.headers['no token'])).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it('is in the OpenAPI document with its tag and bearer security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/blogs/draft'].post).toMatchObject({ tags: ['blogs'], security: [{ bearerAuth: [] }] });
    expect(Object.keys(doc.paths['/api/blogs/draft'].post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403']),
    );
  });
});
