import { LEAD_PAGE_SIZE, LeadListQuerySchema, MESSAGES, type QuoteLead } from '@agency/contract';
import { eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storedFile, type TestApp } from '../../../test/app.ts';
import { APPLICATION, CONTACT, MODAL_QUOTE, multipart, PDF, tokenFor } from '../../../test/lead-fixtures.ts';

let t: TestApp;
let admin: { authorization: string };
let quoteWithFile: string;
let application: string;
const attachment = Buffer.from('line one\nline two\n');

beforeAll(async () => {
  t = await createTestApp({ LEADS_TO: 'leads@agency.test', RATE_LIMIT_MAX: '1000' });
  admin = await tokenFor(t.app, 'admin');

  const post = async (url: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) => {
    const res = await t.app.inject({ method: 'POST', url, ...(await multipart(fields, files)) });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  await post('/api/request-quote', { ...MODAL_QUOTE, fullName: 'First Customer', companyName: 'Alpha 50% Ltd' });
  quoteWithFile = await post(
    '/api/request-quote',
    { ...MODAL_QUOTE, fullName: 'Second Customer', companyName: 'Beta Ltd' },
    [{ field: 'file', name: 'requirements.txt', type: 'text/plain', data: attachment }],
  );
  await post('/api/request-quote', {
    ...MODAL_QUOTE,
    fullName: '=HYPERLINK("http://evil.example")',
    companyName: 'Comma, "Quoted" Ltd',
    description: 'two\nlines',
  });
  application = await post('/api/jobs/apply', APPLICATION, [
    { field: 'resume', name: 'Linus CV.pdf', type: 'application/pdf', data: PDF },
  ]);
  const contact = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
  expect(contact.statusCode).toBe(201);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url, headers });

describe('admin leads: access', () => {
  it('answers 401 without a token and 403 for editors and pending accounts', async () => {
    expect((await get('/api/admin/quotes', {})).statusCode).toBe(401);
    expect((await get(`/api/admin/quotes/${quoteWithFile}/file`, {})).statusCode).toBe(401);
    expect((await get('/api/admin/quotes/export.csv', {})).statusCode).toBe(401);
    const editor = await tokenFor(t.app, 'editor');
    expect((await get('/api/admin/quotes', editor)).statusCode).toBe(403);
    const pending = await tokenFor(t.app, 'pending');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/quotes/${quoteWithFile}`,
      headers: pending,
      payload: { handled: true },
    });
    expect(patch.statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/quotes/${quoteWithFile}`, headers: editor });
    expect(del.statusCode).toBe(403);
  });

  it('answers 404 for an unknown kind or a malformed id', async () => {
    expect((await get('/api/admin/users-and-passwords')).statusCode).toBe(404);
    expect((await get('/api/admin/quotes/not-a-uuid')).statusCode).toBe(404);
    expect((await get('/api/admin/quotes/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/admin/contacts/00000000-0000-4000-8000-000000000000/file')).statusCode).toBe(404);
  });
});

describe('GET /api/admin/{kind}', () => {
  it('lists newest first with camelCase items, file info and no storage key', async () => {
    const res = await get('/api/admin/quotes');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json() as { items: QuoteLead[]; total: number; page: number; pageSize: number };
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: LEAD_PAGE_SIZE });
    expect(body.items.map((item) => item.fullName)).toEqual([
      '=HYPERLINK("http://evil.example")',
      'Second Customer',
      'First Customer',
    ]);
    const withFile = body.items.find((item) => item.id === quoteWithFile);
    expect(withFile).toMatchObject({
      handled: false,
      spam: false,
      companyName: 'Beta Ltd',
      fileName: 'requirements.txt',
      fileSize: attachment.length,
      fileType: 'text/plain',
    });
    expect(new Date(withFile?.createdAt ?? '').toString()).not.toBe('Invalid Date');
    expect(JSON.stringify(body)).not.toMatch(/fileKey|leads\/quotes/);
  });

  it('searches name, email, company and message text, case-insensitively, with % taken literally', async () => {
    const byCompany = (await get('/api/admin/quotes?q=beta%20ltd')).json();
    expect(byCompany.items.map((i: QuoteLead) => i.id)).toEqual([quoteWithFile]);
    const literal = (await get(`/api/admin/quotes?q=${encodeURIComponent('50%')}`)).json();
    expect(literal.items.map((i: QuoteLead) => i.fullName)).toEqual(['First Customer']);
    const contacts = (await get('/api/admin/contacts?q=CALL%20ME')).json();
    expect(contacts.total).toBe(1);
    const none = (await get('/api/admin/applications?q=nobody-like-this')).json();
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('filters by handled and pages', async () => {
    const page2 = (await get('/api/admin/quotes?page=2')).json();
    expect(page2).toMatchObject({ items: [], total: 3, page: 2 });
    expect((await get('/api/admin/quotes?handled=true')).json().total).toBe(0);
    expect((await get('/api/admin/quotes?handled=false')).json().total).toBe(3);
    const bad = await get('/api/admin/quotes?page=zero');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.page).toBeDefined();
    expect(LeadListQuerySchema.safeParse({ handled: 'maybe' }).success).toBe(false);
  });
});

describe('one lead', () => {
  it('GET returns the lead; PATCH marks it handled and the filter sees it', async () => {
    const one = await get(`/api/admin/quotes/${quoteWithFile}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: quoteWithFile, fullName: 'Second Customer', handled: false });

    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/quotes/${quoteWithFile}`,
      headers: admin,
      payload: { handled: true },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ id: quoteWithFile, handled: true });
    const handled = (await get('/api/admin/quotes?handled=true')).json();
    expect(handled.items.map((i: QuoteLead) => i.id)).toEqual([quoteWithFile]);

    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/quotes/${quoteWithFile}`,
      headers: admin,
      payload: { handled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Handled must be true or false',
      fields: { handled: 'Handled must be true or false' },
    });
  });

  it('downloads the original bytes as an attachment with the stored type', async () => {
    const res = await get(`/api/admin/quotes/${quoteWithFile}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(attachment)).toBe(true);
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.headers['content-disposition']).toBe('attachment; filename="requirements.txt"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const cv = await get(`/api/admin/applications/${application}/file`);
    expect(cv.statusCode).toBe(200);
    expect(cv.rawPayload.equals(PDF)).toBe(true);
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.headers['content-disposition']).toBe('attachment; filename="Linus CV.pdf"');
  });

  it('answers 404 for the file of a lead without one', async () => {
    const list = (await get('/api/admin/quotes?q=First')).json();
    const res = await get(`/api/admin/quotes/${list.items[0].id}/file`);
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/admin/{kind}/export.csv', () => {
  it('exports every row: BOM, CRLF, RFC 4180 quoting, formulas neutralised, dated file name', async () => {
    const res = await get('/api/admin/quotes/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="quotes-${today}.csv"`);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines[0]).toMatch(/^ID,Received,Status,Owner,Last activity,Full name,Email,/);
    expect(lines[0]).toContain('File name');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(text).toContain('"Comma, ""Quoted"" Ltd"');
    // FormData sends the textarea's newline as CRLF; it stays inside its quoted cell.
    expect(text).toContain('"two\r\nlines"');
    expect(text).toContain('requirements.txt');
    expect(text).not.toContain('leads/quotes/');
    expect(text.match(/\r\n[0-9a-f]{8}-[0-9a-f-]{27},/g)).toHaveLength(3);

    const contacts = await get('/api/admin/contacts/export.csv');
    expect(contacts.statusCode).toBe(200);
    expect(contacts.rawPayload.toString('utf8')).toContain("'+44 20 7946 0000");
  });
});

describe('DELETE /api/admin/{kind}/{id}', () => {
  it('removes the lead, its stored file and its mails', async () => {
    const [before] = await t.app.db.select().from(schema.applications).where(eq(schema.applications.id, application));
    expect(before?.fileKey).toBeTruthy();
    expect(await storedFile(t.app, before?.fileKey ?? '')).not.toBeNull();

    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/applications/${application}`, headers: admin });
    expect(res.statusCode).toBe(204);
    expect(await t.app.db.select().from(schema.applications).where(eq(schema.applications.id, application))).toEqual(
      [],
    );
    expect(await t.app.storage.get(before?.fileKey ?? '')).toBeNull();
    expect(await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, application))).toEqual([]);

    expect((await get(`/api/admin/applications/${application}`)).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/applications/${application}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: MESSAGES.http.notFound });
  });
});
