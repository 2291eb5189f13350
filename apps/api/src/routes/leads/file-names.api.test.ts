// Visitors' file names: any real name is accepted, kept only as cleaned display text, never in a storage key;
// a CV downloads with the extension of what its content is.
import { MESSAGES } from '@agency/contract';
import { eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zip } from '../../../test/file-type.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { APPLICATION, MODAL_QUOTE, multipart, PDF, tokenFor } from '../../../test/lead-fixtures.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.app);
});
afterAll(() => t.close());

async function sendQuote(name: string, data: Buffer = Buffer.from('hello')) {
  const body = await multipart(MODAL_QUOTE, [{ field: 'file', name, type: 'application/octet-stream', data }]);
  return t.app.inject({ method: 'POST', url: '/api/request-quote', ...body });
}

async function sendCv(name: string, data: Buffer) {
  const body = await multipart(APPLICATION, [{ field: 'resume', name, type: 'application/octet-stream', data }]);
  return t.app.inject({ method: 'POST', url: '/api/jobs/apply', ...body });
}

const KEY = /^leads\/(quotes|applications)\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

describe('file names', () => {
  it.each(['My CV...pdf', 'report…pdf', 'Résumé – v2…final.docx', 'notes..v1..txt', 'файл.txt', 'नमस्ते.pdf'])(
    'accepts %s and keeps it as the display name only',
    async (name) => {
      const res = await sendQuote(name);
      expect(res.statusCode).toBe(201);
      const [row] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, res.json().id));
      expect(row?.fileName).toBe(name);
      expect(row?.fileKey).toMatch(KEY);
      expect((await t.app.storage.get(row?.fileKey ?? ''))?.size).toBe(5);
    },
  );

  it('removes control and bidirectional characters, so an .exe cannot pass for a .png', async () => {
    const res = await sendQuote('holiday\u202Egnp.exe');
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, id));
    expect(row?.fileName).toBe('holidaygnp.exe');
    const download = await t.app.inject({ method: 'GET', url: `/api/admin/quotes/${id}/file`, headers: admin });
    // It holds text, so it downloads as text (issue 21 item 8: a name whose extension does not fit is renamed).
    expect(download.headers['content-disposition']).toBe('attachment; filename="holidaygnp.txt"');

    const isolate = await sendQuote('a\u2066b\u2069\u200fc\u0007d.txt');
    const [other] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, isolate.json().id));
    expect(other?.fileName).toBe('abcd.txt');
  });

  it('renames a quote attachment whose extension does not fit its content, and refuses a program with 415', async () => {
    const download = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/quotes/${id}/file`, headers: admin })).headers[
        'content-disposition'
      ];
    const bat = await sendQuote('run.bat', Buffer.from('@echo off\r\nformat c:\r\n'));
    expect(bat.statusCode).toBe(201);
    expect(await download(bat.json().id)).toBe('attachment; filename="run.txt"');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const photo = await sendQuote('photo.jpeg', png);
    expect(await download(photo.json().id)).toBe('attachment; filename="photo.png"');
    const pdf = await sendQuote('brief.PDF', PDF);
    expect(await download(pdf.json().id)).toBe('attachment; filename="brief.PDF"');
    const zipped = await sendQuote('files.docx', zip({ 'a.txt': 'hello' }));
    expect(await download(zipped.json().id)).toBe('attachment; filename="files.zip"');

    const quotes = async () => (await t.app.db.select().from(schema.quotes)).length;
    const before = await quotes();
    for (const program of [
      Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(64)]),
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(64)]),
      Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.alloc(64)]),
    ]) {
      const res = await sendQuote('invoice.pdf', program);
      expect(res.statusCode).toBe(415);
      expect(res.json().fields).toEqual({ file: MESSAGES.quote.fileExecutable });
    }
    expect(await quotes()).toBe(before);
  });

  it('bounds a long name and keeps its extension', async () => {
    const res = await sendQuote(`${'x'.repeat(1000)}.pdf`);
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, res.json().id));
    expect(Array.from(row?.fileName ?? '').length).toBe(200);
    expect(row?.fileName).toMatch(/^x+…\.pdf$/);
  });

  it('a CV named cv.bat with a PDF header downloads as cv.pdf', async () => {
    const res = await sendCv('cv.bat', PDF);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.app.db.select().from(schema.applications).where(eq(schema.applications.id, id));
    expect(row?.fileKey).toMatch(KEY);
    const download = await t.app.inject({ method: 'GET', url: `/api/admin/applications/${id}/file`, headers: admin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="cv.pdf"');
  });

  it('a Word 97-2003 CV (OLE2) named .docx downloads as .doc', async () => {
    const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    const res = await sendCv('My CV.docx', doc);
    expect(res.statusCode).toBe(201);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/admin/applications/${res.json().id}/file`,
      headers: admin,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/msword');
    expect(download.headers['content-disposition']).toBe('attachment; filename="My CV.doc"');
  });

  it('a Word CV with a real-world name downloads with .docx and its name intact', async () => {
    const docx = zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    const res = await sendCv('Résumé – v2…final.doc', docx);
    expect(res.statusCode).toBe(201);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/admin/applications/${res.json().id}/file`,
      headers: admin,
    });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ _ v2_final.docx"; filename*=UTF-8''${encodeURIComponent('Résumé – v2…final.docx')}`,
    );
  });
});
