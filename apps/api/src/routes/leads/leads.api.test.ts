import {
  CV_MAX_BYTES,
  HONEYPOT_FIELD,
  MESSAGES,
  QUOTE_FILE_MAX_BYTES,
  QUOTE_MODAL_REQUIRED,
  QUOTE_REGIONAL_REQUIRED,
  requiredMessage,
} from '@agency/contract';
import { eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1, zip } from '../../../test/file-type.fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { APPLICATION, CONTACT, MODAL_QUOTE, multipart, PDF } from '../../../test/lead-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  // No SMTP: mail waits in the outbox, which is what these tests look at.
  t = await createTestApp({
    LEADS_TO: 'leads@agency.test',
    LEADS_TO_NEPAL: 'nepal@agency.test',
    RATE_LIMIT_MAX: '1000',
  });
});
afterAll(() => t.close());

const outboxOf = (leadId: string) => t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, leadId));

async function postQuote(fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) {
  const body = await multipart(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/request-quote', ...body });
}

async function postApplication(fields: Record<string, string>, files: Parameters<typeof multipart>[1]) {
  const body = await multipart(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/jobs/apply', ...body });
}

const cv = (data: Buffer = PDF, name = 'cv.pdf') => [{ field: 'resume', name, type: 'application/pdf', data }];

describe('POST /api/request-quote', () => {
  it('stores a modal quote (multipart) with its two mails before answering 201 { id }', async () => {
    const res = await postQuote({ ...MODAL_QUOTE, favouriteColour: 'blue' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, id));
    expect(row).toMatchObject({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      budget: '£1,500 - £5,000',
      deadline: '2030-01-31',
      region: null,
      status: 'new',
      fileKey: null,
    });
    expect(JSON.stringify(row)).not.toContain('blue');

    const mails = await outboxOf(id);
    expect(mails.map((m) => [m.purpose, m.to]).sort()).toEqual([
      ['confirmation', 'ada@example.com'],
      ['notification', 'leads@agency.test'],
    ]);
    const note = mails.find((m) => m.purpose === 'notification');
    expect(note?.body).toContain('Company name: Analytical Engines Ltd');
    expect(note?.body).toContain(`/admin/leads/quotes/${id}`);
    expect(note?.sentAt).toBeNull();
  });

  it('accepts application/json without a file', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/request-quote', payload: MODAL_QUOTE });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, res.json().id));
    expect(row?.companyName).toBe('Analytical Engines Ltd');
  });

  it.each(QUOTE_MODAL_REQUIRED)('modal form: answers 400 naming %s when it is empty', async (field) => {
    const res = await postQuote({ ...MODAL_QUOTE, [field]: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(requiredMessage(field));
  });

  it('modal form: missing email gives "Email is required"', async () => {
    const { email: _email, ...rest } = MODAL_QUOTE;
    const res = await postQuote(rest);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: MESSAGES.quote.emailRequired,
      fields: { email: MESSAGES.quote.emailRequired },
    });
  });

  it("counts 'Not Specified' as filled", async () => {
    const res = await postQuote({
      ...MODAL_QUOTE,
      size: 'Not Specified',
      budget: 'Not Specified',
      source: 'Not Specified',
    });
    expect(res.statusCode).toBe(201);
  });

  it('rejects a bad email and an option that is not offered', async () => {
    const bad = await postQuote({ ...MODAL_QUOTE, email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['email']);
    const option = await postQuote({ ...MODAL_QUOTE, size: 'Huge' });
    expect(option.statusCode).toBe(400);
    expect(option.json().fields.size).toBe('Company size is not one of the offered options');
  });

  it('regional form: only name, email, phone and company are required', async () => {
    const res = await postQuote({
      fullName: 'Sita Sharma',
      email: 'sita@example.com',
      phone: '9800000001',
      companyName: 'Himal Traders',
      region: 'nepal',
      currency: 'NPR',
      budget: 'Under NPR 50,000',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, id));
    expect(row).toMatchObject({ region: 'nepal', currency: 'NPR', size: 'Not Specified', deadline: 'Not Specified' });
    const mails = await outboxOf(id);
    expect(mails.find((m) => m.purpose === 'notification')?.to).toBe('nepal@agency.test');

    for (const field of QUOTE_REGIONAL_REQUIRED) {
      const missing = await postQuote({
        fullName: 'Sita Sharma',
        email: 'sita@example.com',
        phone: '9800000001',
        companyName: 'Himal Traders',
        region: 'uk',
        [field]: '',
      });
      expect(missing.statusCode, field).toBe(400);
      expect(Object.keys(missing.json().fields), field).toEqual([field]);
    }
  });

  it("refuses a budget or currency that the quote's form does not offer, naming the field", async () => {
    const nepal = {
      fullName: 'Sita Sharma',
      email: 'mismatch@example.com',
      phone: '9800000001',
      companyName: 'Himal Traders',
      region: 'nepal',
    };
    const refusals = [
      [{ ...nepal, currency: 'GBP' }, 'currency', 'Currency is not one of the offered options'],
      [{ ...nepal, currency: 'USD' }, 'currency', 'Currency is not one of the offered options'],
      [{ ...nepal, budget: 'Under £500' }, 'budget', 'Budget is not one of the offered options'],
      [{ ...nepal, region: 'uk', budget: 'Over NPR 2,000,000' }, 'budget', 'Budget is not one of the offered options'],
      [{ ...MODAL_QUOTE, budget: 'Under NPR 50,000' }, 'budget', 'Budget is not one of the offered options'],
      [{ ...MODAL_QUOTE, currency: 'NPR' }, 'currency', 'Currency is not one of the offered options'],
    ] as const;
    for (const [payload, field, message] of refusals) {
      const res = await postQuote(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toEqual({ [field]: message });
    }
    // None of them was stored.
    expect(await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.email, nepal.email))).toEqual([]);
    // Without a currency, the region's own is stored.
    const res = await postQuote({ ...nepal, email: 'no-currency@example.com', budget: 'Under NPR 50,000' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, res.json().id));
    expect(row).toMatchObject({ region: 'nepal', currency: 'NPR', budget: 'Under NPR 50,000' });
  });

  it('rejects an unknown region', async () => {
    const res = await postQuote({ ...MODAL_QUOTE, region: 'mars' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.region).toBeDefined();
  });

  it('stores an attachment of any type privately, under the lead id', async () => {
    const data = Buffer.from('name,budget\nAda,1500\n');
    const res = await postQuote(MODAL_QUOTE, [{ field: 'file', name: 'brief "v2".csv', type: 'text/csv', data }]);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, id));
    expect(row).toMatchObject({ fileName: 'brief "v2".csv', fileType: 'text/csv', fileSize: data.length });
    expect(row?.fileKey).toMatch(new RegExp(`^leads/quotes/${id}/[A-Za-z0-9._-]+$`));
    const stored = await t.app.storage.get(row?.fileKey ?? '');
    expect(stored?.size).toBe(data.length);
    // The type stored is what the bytes are, not what the browser called them.
    const disguised = await postQuote(MODAL_QUOTE, [
      { field: 'file', name: 'page.html', type: 'text/html', data: PNG_1X1 },
    ]);
    expect(disguised.statusCode).toBe(201);
    const [image] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, disguised.json().id));
    expect(image).toMatchObject({ fileName: 'page.html', fileType: 'image/png' });
  });

  it('answers 413 for an attachment over 10 MB and stores nothing', async () => {
    const before = await t.app.db.select().from(schema.quotes);
    const res = await postQuote(MODAL_QUOTE, [
      {
        field: 'file',
        name: 'big.bin',
        type: 'application/octet-stream',
        data: Buffer.alloc(QUOTE_FILE_MAX_BYTES + 1),
      },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(MESSAGES.quote.fileTooLarge);
    expect(await t.app.db.select().from(schema.quotes)).toHaveLength(before.length);
  });

  it('honeypot: answers a normal 201, stores the lead as spam and queues no mail', async () => {
    const res = await postQuote({
      ...MODAL_QUOTE,
      email: 'victim@example.com',
      [HONEYPOT_FIELD]: 'http://spam.example',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, id));
    expect(row?.status).toBe('spam');
    expect(await outboxOf(id)).toEqual([]);
  });
});

describe('POST /api/contact', () => {
  it('stores the message with its mails and ignores loading/success', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.app.db.select().from(schema.contacts).where(eq(schema.contacts.id, id));
    expect(row).toMatchObject({
      name: 'Grace Hopper',
      subject: 'Network design',
      phone: '+44 20 7946 0000',
      status: 'new',
    });
    const mails = await outboxOf(id);
    expect(mails.map((m) => m.to).sort()).toEqual(['grace@example.com', 'leads@agency.test']);
    expect(mails.find((m) => m.purpose === 'notification')?.subject).toContain('Network design');
  });

  it('phone and message are optional', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A', email: 'a@example.com', subject: 'Hi' },
    });
    expect(res.statusCode).toBe(201);
    // Sent as null, they are empty too.
    const nulls = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'B', email: 'null-fields@example.com', subject: 'Hi', phone: null, message: null },
    });
    expect(nulls.statusCode, nulls.body).toBe(201);
    const [row] = await t.app.db.select().from(schema.contacts).where(eq(schema.contacts.id, nulls.json().id));
    expect(row).toMatchObject({ phone: '', message: '' });
    // A value that is not text is named as such, not as missing.
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: { first: 'C' }, email: 'typed@example.com', subject: 'Hi' },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().fields).toEqual({ name: 'Name must be text' });
  });

  it.each(['name', 'email', 'subject'])('answers 400 naming %s when it is missing', async (field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...CONTACT, [field]: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(requiredMessage(field));
    expect(res.json().error).toBe(requiredMessage(field));
  });

  it('answers 400 for a bad email, broken JSON or a body that is not an object', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...CONTACT, email: 'grace@' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.email).toBe('Email must be a valid email address');

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Grace", ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: MESSAGES.http.invalidJson });

    const array = await t.app.inject({ method: 'POST', url: '/api/contact', payload: [CONTACT] });
    expect(array.statusCode).toBe(400);
  });

  it('answers 413 for a JSON body over its limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...CONTACT, message: 'x'.repeat(100_000) },
    });
    expect(res.statusCode).toBe(413);
  });

  it('honeypot: 201, spam row, no mail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...CONTACT, [HONEYPOT_FIELD]: 'x' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(schema.contacts).where(eq(schema.contacts.id, res.json().id));
    expect(row?.status).toBe('spam');
    expect(await outboxOf(res.json().id)).toEqual([]);
  });
});

describe('POST /api/jobs/apply', () => {
  it('stores the application and its CV (PDF recognised by content)', async () => {
    const res = await postApplication(APPLICATION, cv(PDF, 'My CV.pdf'));
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.app.db.select().from(schema.applications).where(eq(schema.applications.id, id));
    expect(row).toMatchObject({
      name: 'Linus Example',
      position: 'DevOps Engineer',
      currency: 'NPR',
      fileName: 'My CV.pdf',
      fileType: 'application/pdf',
      fileSize: PDF.length,
    });
    expect((await outboxOf(id)).map((m) => m.purpose).sort()).toEqual(['confirmation', 'notification']);
  });

  it('accepts a DOC (OLE2) and a DOCX (ZIP with word/ entries)', async () => {
    const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    const docRes = await postApplication(APPLICATION, [
      { field: 'resume', name: 'cv.doc', type: 'application/msword', data: doc },
    ]);
    expect(docRes.statusCode).toBe(201);
    const docx = zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    const docxRes = await postApplication(APPLICATION, [
      { field: 'resume', name: 'cv.docx', type: 'application/zip', data: docx },
    ]);
    expect(docxRes.statusCode).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(schema.applications)
      .where(eq(schema.applications.id, docxRes.json().id));
    expect(row?.fileType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('answers 400 naming resume when the CV is missing', async () => {
    const res = await postApplication(APPLICATION, []);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: requiredMessage('resume'), fields: { resume: requiredMessage('resume') } });
  });

  it.each(['name', 'contact', 'email', 'town', 'country', 'position', 'salary', 'currency'])(
    'answers 400 naming %s when it is missing',
    async (field) => {
      const res = await postApplication({ ...APPLICATION, [field]: '' }, cv());
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(requiredMessage(field));
    },
  );

  it('rejects a position that is not offered', async () => {
    const res = await postApplication({ ...APPLICATION, position: 'Astronaut' }, cv());
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.position).toBe('Position is not one of the offered options');
  });

  it('answers 415 for a CV whose content is not PDF/DOC/DOCX, whatever its name', async () => {
    const fake = Buffer.from('MZ\x90\x00 this is an executable');
    const res = await postApplication(APPLICATION, [
      { field: 'resume', name: 'cv.pdf', type: 'application/pdf', data: fake },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(MESSAGES.career.wrongType);
    const notWord = zip({ 'xl/workbook.xml': '<workbook/>' });
    const xlsx = await postApplication(APPLICATION, [
      { field: 'resume', name: 'cv.docx', type: 'application/zip', data: notWord },
    ]);
    expect(xlsx.statusCode).toBe(415);
  });

  it("answers 413 with exactly 'File size should be less than 5MB' over 5 MB", async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(CV_MAX_BYTES)]);
    const res = await postApplication(APPLICATION, cv(big));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('File size should be less than 5MB');
  });

  it('accepts a CV of exactly 5 MB', async () => {
    const exact = Buffer.concat([PDF, Buffer.alloc(CV_MAX_BYTES - PDF.length)]);
    const res = await postApplication(APPLICATION, cv(exact));
    expect(res.statusCode).toBe(201);
  });

  it('answers 400, not 500, for broken multipart bodies', async () => {
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/apply',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'name=x',
    });
    expect(noBoundary.statusCode).toBe(400);

    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/apply',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload:
        '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nLinus\r\n--XYZ\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\n\r\n%PDF-1.7 trunc',
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error).toBeTruthy();

    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/request-quote',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: 'this is not multipart at all',
    });
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode).toBeLessThan(500);
  });

  it('answers 413 when more than one file is sent', async () => {
    const res = await postApplication(APPLICATION, [...cv(), ...cv(PDF, 'second.pdf')]);
    expect(res.statusCode).toBe(413);
  });

  it('honeypot: 201, spam row without the file, no mail', async () => {
    const res = await postApplication({ ...APPLICATION, [HONEYPOT_FIELD]: 'bot' }, cv());
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(schema.applications).where(eq(schema.applications.id, res.json().id));
    expect(row).toMatchObject({ status: 'spam', fileKey: null });
    expect(await outboxOf(res.json().id)).toEqual([]);
  });
});

describe('rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '120' });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After after RATE_LIMIT_MAX posts from one address, per form', async () => {
    const post = (remoteAddress: string) =>
      limited.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await post('203.0.113.7')).statusCode).toBe(201);
    const res = await post('203.0.113.7');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: MESSAGES.http.tooManyRequests });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(120);
    // Another address, and another form from the same address, still get through.
    expect((await post('203.0.113.8')).statusCode).toBe(201);
    const quote = await limited.app.inject({
      method: 'POST',
      url: '/api/request-quote',
      payload: MODAL_QUOTE,
      remoteAddress: '203.0.113.7',
    });
    expect(quote.statusCode).toBe(201);
    const rows = await limited.app.db.select().from(schema.rateLimits);
    expect(rows.find((r) => r.key === 'contact:203.0.113.7')?.hits).toBe(4);
  });

  it('counts again from zero once the window has ended', async () => {
    await limited.app.db
      .update(schema.rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(schema.rateLimits.key, 'contact:203.0.113.7'));
    const res = await limited.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: CONTACT,
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode).toBe(201);
  });
});
