import { IMAGE_WIDTHS, MEDIA_MESSAGES, MESSAGES } from '@agency/contract';
import { eq, schema } from '@agency/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, type Caller } from '../../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';

let t: TestApp;
let who: Awaited<ReturnType<typeof callers>>;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  who = await callers(t.app);
  png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

interface Part {
  name: string;
  value: string | { filename: string; type: string; data: Buffer };
}

function multipart(parts: Part[]) {
  const boundary = '----agency-media-boundary';
  const chunks = parts.flatMap((part) =>
    typeof part.value === 'string'
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.value.filename}"\r\nContent-Type: ${part.value.type}\r\n\r\n`,
          ),
          part.value.data,
          Buffer.from('\r\n'),
        ],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const image = (data: Buffer = png) => ({ name: 'file', value: { filename: 'photo.png', type: 'image/png', data } });

const upload = (parts: Part[], headers: Record<string, string> = who.headers.editor) => {
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
};

const list = () => t.app.inject({ method: 'GET', url: '/api/admin/media', headers: who.headers.editor });
const remove = (id: string, headers: Record<string, string> = who.headers.editor) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/media/${id}`, headers });

describe('authorization of the media library', () => {
  const expected: Record<Caller, number> = {
    'no token': 401,
    garbage: 401,
    expired: 401,
    'alg none': 401,
    'other key': 401,
    pending: 403,
    editor: 201,
    admin: 201,
  };
  it.each(Object.keys(expected) as Caller[])('upload as %s', async (caller) => {
    const res = await upload([{ name: 'alt', value: 'A blue square' }, image()], who.headers[caller]);
    expect(res.statusCode).toBe(expected[caller]);
  });

  it('lets a pending account neither list nor delete', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/media', headers: who.headers.pending });
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/media' });
    expect(anonymous.statusCode).toBe(401);
    const del = await remove('00000000-0000-4000-8000-000000000000', who.headers.pending);
    expect(del.statusCode).toBe(403);
  });
});

describe('POST /api/admin/media', () => {
  it('stores the image once as WebP variants and answers 201 { id, url, alt }', async () => {
    // The description may come after the file.
    const res = await upload([image(), { name: 'alt', value: '  Our Kathmandu office  ' }]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['alt', 'id', 'url']);
    expect(body.alt).toBe('Our Kathmandu office');
    expect(body.url).toBe(`/api/uploads/images/${body.id}-1600.webp`);
    for (const width of IMAGE_WIDTHS) {
      const file = await t.app.inject({ method: 'GET', url: `/api/uploads/images/${body.id}-${width}.webp` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect((await sharp(file.rawPayload).metadata()).width).toBe(Math.min(width, 1200));
    }
    const items = list().then((r) => r.json().items);
    expect((await items).find((item: { id: string }) => item.id === body.id)).toMatchObject({
      alt: 'Our Kathmandu office',
      width: 1200,
      height: 600,
      uploadedBy: { username: 'editor person' },
      usedBy: [],
    });
    const [entry] = await t.app.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, body.id));
    expect(entry).toMatchObject({ action: 'media.uploaded', targetType: 'media' });
  });

  it('refuses an image without a description with 400 naming alt, and stores nothing', async () => {
    const before = (await list()).json().items.length;
    for (const parts of [[image()], [image(), { name: 'alt', value: '   ' }]]) {
      const res = await upload(parts);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ alt: 'Image description is required' });
    }
    expect((await list()).json().items.length).toBe(before);
  });

  it('names the file when it is missing, and refuses a description over its limit', async () => {
    const missing = await upload([{ name: 'alt', value: 'Something' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ file: MESSAGES.blog.imageMissing });
    const long = await upload([image(), { name: 'alt', value: 'x'.repeat(301) }]);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.alt).toMatch(/at most 300/);
  });

  it('refuses what is not an image with 415, whatever its name', async () => {
    const res = await upload([
      { name: 'alt', value: 'Not really' },
      { name: 'file', value: { filename: 'x.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') } },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(MESSAGES.blog.imageWrongType);
  });
});

describe('where an image is used, and DELETE /api/admin/media/{id}', () => {
  it('lists the posts that show it and refuses to delete it with 409 naming them', async () => {
    const { id, url } = (await upload([{ name: 'alt', value: 'Team at work' }, image()])).json();
    const withImage = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: who.headers.editor,
      payload: { title: 'Our new office', content: 'Text', imageUrl: url, imageAlt: 'Team at work', status: 'draft' },
    });
    expect(withImage.statusCode).toBe(201);
    const inText = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: who.headers.editor,
      payload: { title: 'A story', content: `Look: ![Team](${url.replace('1600', '960')})` },
    });
    expect(inText.statusCode).toBe(201);

    const item = (await list()).json().items.find((entry: { id: string }) => entry.id === id);
    expect(item.usedBy).toEqual([
      { kind: 'post', id: inText.json()._id, title: 'A story', path: '/blog/a-story' },
      { kind: 'post', id: withImage.json()._id, title: 'Our new office', path: '/blog/our-new-office' },
    ]);

    const refused = await remove(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `${MEDIA_MESSAGES.inUse}: post “A story” (/blog/a-story), post “Our new office” (/blog/our-new-office).`,
    );
    expect(refused.json().usedBy).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    // Once no post shows it, it goes, variants and all.
    for (const post of [withImage, inText]) {
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/blogs/${post.json()._id}`,
        headers: who.headers.editor,
      });
      expect(del.statusCode).toBe(204);
    }
    const deleted = await remove(id, who.headers.admin);
    expect(deleted.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await list()).json().items.some((entry: { id: string }) => entry.id === id)).toBe(false);
    const entries = await t.app.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, id));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['media.deleted', 'media.uploaded']);
  });

  it('names the pages whose draft or published version shows it', async () => {
    const { id, url } = (await upload([{ name: 'alt', value: 'A plant on a desk' }, image()])).json();
    const home = (
      await t.app.inject({ method: 'GET', url: '/api/admin/content/home', headers: who.headers.editor })
    ).json();
    const data = structuredClone(home.draft ?? home.published);
    data.tableOrder.image = { src: url, alt: 'A plant on a desk', width: 1200, height: 600 };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/content/home/draft',
      headers: who.headers.editor,
      payload: { version: home.version, data },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await remove(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().usedBy).toEqual([{ kind: 'page', id: 'home', title: 'Home page', path: '/' }]);
    expect(refused.json().error).toBe(`${MEDIA_MESSAGES.inUse}: page “Home page” (/).`);
  });

  it('decides in one transaction: a delete that meets a draft being saved with the image waits for it, and refuses', async () => {
    const { id, url } = (await upload([{ name: 'alt', value: 'A whiteboard' }, image()])).json();
    const about = (
      await t.app.inject({ method: 'GET', url: '/api/admin/content/about', headers: who.headers.editor })
    ).json();
    const data = structuredClone(about.draft ?? about.published);
    data.sections[0].paragraphs[0] = `Our board: ![A whiteboard](${url})`;
    // A writer that has saved the draft but not committed yet when the delete comes.
    let deleteSent = () => {};
    const sent = new Promise<void>((resolve) => (deleteSent = resolve));
    const writing = t.app.db.transaction(async (tx) => {
      await tx.update(schema.contentDocuments).set({ draft: data }).where(eq(schema.contentDocuments.key, 'about'));
      await sent;
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const deleting = remove(id);
    deleteSent();
    const [refused] = await Promise.all([deleting, writing]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().usedBy).toEqual([{ kind: 'page', id: 'about', title: 'About Us', path: '/about' }]);
    // Refused as a whole: the row and every stored variant are still there.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await list()).json().items.some((entry: { id: string }) => entry.id === id)).toBe(true);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await remove('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await remove('not-an-id');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().error).toBe(MEDIA_MESSAGES.notFound);
  });

  it('is in the OpenAPI document with its tag and bearer security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/admin/media', 'post'],
      ['/api/admin/media', 'get'],
      ['/api/admin/media/{id}', 'delete'],
    ] as const) {
      expect(doc.paths[path][method]).toMatchObject({ tags: ['media'], security: [{ bearerAuth: [] }] });
    }
  });
});
