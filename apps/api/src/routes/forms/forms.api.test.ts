// Forms posted the way a browser without JavaScript posts them: urlencoded, or multipart when a file
// can be sent. They answer 303 and store the lead exactly as the JSON API does.
import { Writable } from 'node:stream';
import { ACCOUNT_MESSAGES, HONEYPOT_FIELD, JobSchema, MESSAGES, requiredMessage } from '@agency/contract';
import { eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, createAccount } from '../../../test/auth-fixtures.ts';
import { createTestApp, storedFile, type TestApp } from '../../../test/app.ts';
import { APPLICATION, CONTACT, MODAL_QUOTE, multipart, openingPayload, PDF } from '../../../test/lead-fixtures.ts';

let t: TestApp;
/** Every log line of the app, to check that no token or password reaches it. */
const logLines: string[] = [];
beforeAll(async () => {
  // Without the proof of work (a browser without JavaScript cannot solve it) leads are spam under the
  // default SPAM_CHALLENGE=score; that rule has its own test below, the rest looks at storage and mail.
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString('utf8'));
      callback();
    },
  });
  t = await createTestApp(
    { LEADS_TO: 'leads@agency.test', RATE_LIMIT_MAX: '1000', SPAM_CHALLENGE: 'off' },
    { logStream },
  );
});
afterAll(() => t.close());

/** What a browser sends for a form without a file. */
const urlencoded = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

// The hidden fields and the empty honeypot of the page's form.
const { deadline: _deadline, loading: _loading, success: _success, ...QUOTE_FIELDS } = MODAL_QUOTE;
const REGIONAL = { ...QUOTE_FIELDS, [HONEYPOT_FIELD]: '' };
/** The Nepal form offers its budgets in rupees. */
const REGIONAL_NEPAL = { ...REGIONAL, budget: 'Under NPR 50,000' };
const CONTACT_FIELDS = {
  name: CONTACT.name,
  phone: CONTACT.phone,
  subject: CONTACT.subject,
  email: CONTACT.email,
  message: CONTACT.message,
  [HONEYPOT_FIELD]: '',
};

const quotesOf = (email: string) => t.app.db.select().from(schema.quotes).where(eq(schema.quotes.email, email));
const contactsOf = (email: string) => t.app.db.select().from(schema.contacts).where(eq(schema.contacts.email, email));
const applicationsOf = (email: string) =>
  t.app.db.select().from(schema.applications).where(eq(schema.applications.email, email));

describe('lead forms without JavaScript', () => {
  it('POST /quote-uk (urlencoded) → 303 to the thank-you page, the quote stored and mailed like a script-sent one', async () => {
    const email = 'uk-native@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/quote-uk',
      ...urlencoded({ ...REGIONAL, email, region: 'uk', currency: 'GBP' }),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/quote/thank-you');
    const [row] = await quotesOf(email);
    expect(row).toMatchObject({ fullName: MODAL_QUOTE.fullName, region: 'uk', currency: 'GBP', status: 'new' });
    const mails = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, row!.id));
    expect(mails.map((mail) => mail.purpose).sort()).toEqual(['confirmation', 'notification']);
  });

  it("a regional form's page names the quote's region, whatever the fields say", async () => {
    const post = (url: string, fields: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, ...urlencoded(fields) });
    // No region field at all: the regional rules (name, email, phone, company), not the modal's.
    expect((await post('/quote-nepal', { ...REGIONAL_NEPAL, email: 'page-region@example.com' })).statusCode).toBe(303);
    expect((await quotesOf('page-region@example.com'))[0]).toMatchObject({ region: 'nepal', currency: 'NPR' });
    // Another region in the fields: still the page's.
    const other = await post('/quote-uk', { ...REGIONAL, email: 'other-region@example.com', region: 'nepal' });
    expect(other.statusCode).toBe(303);
    expect((await quotesOf('other-region@example.com'))[0]).toMatchObject({ region: 'uk', currency: 'GBP' });
    // The other region's currency is refused on the page, naming the field.
    const currency = await post('/quote-uk', { ...REGIONAL, email: 'rupees@example.com', currency: 'NPR' });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().fields).toEqual({ currency: 'Currency is not one of the offered options' });
    expect(await quotesOf('rupees@example.com')).toEqual([]);
  });

  it('POST /quote-nepal (multipart with a file) → 303, the file stored with the quote', async () => {
    const email = 'nepal-native@example.com';
    const body = await multipart({ ...REGIONAL_NEPAL, email, region: 'nepal', currency: 'NPR' }, [
      { field: 'file', name: 'brief.pdf', type: 'application/pdf', data: PDF },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/quote-nepal', ...body });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/quote/thank-you');
    const [row] = await quotesOf(email);
    expect(row).toMatchObject({ region: 'nepal', currency: 'NPR', fileName: 'brief.pdf', fileSize: PDF.length });
    expect(await storedFile(t.app, row!.fileKey!)).toEqual(PDF);
  });

  it('POST /connect (urlencoded) → 303, stored exactly as POST /api/contact stores it', async () => {
    const native = await t.app.inject({
      method: 'POST',
      url: '/connect',
      ...urlencoded({ ...CONTACT_FIELDS, email: 'native@example.com' }),
    });
    expect(native.statusCode).toBe(303);
    expect(native.headers.location).toBe('/connect/thank-you');
    const scripted = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...CONTACT_FIELDS, email: 'scripted@example.com' },
    });
    expect(scripted.statusCode).toBe(201);
    const [a] = await contactsOf('native@example.com');
    const [b] = await contactsOf('scripted@example.com');
    // The same but for the mark of a post without JavaScript (issue 32 point 8).
    const comparable = (row: Record<string, unknown>) => {
      const {
        id: _id,
        email: _email,
        createdAt: _createdAt,
        lastActivityAt: _lastActivityAt,
        sentWithoutJavaScript: _native,
        ...rest
      } = row;
      return rest;
    };
    expect(comparable(a!)).toEqual(comparable(b!));
    expect([a!.sentWithoutJavaScript, b!.sentWithoutJavaScript]).toEqual([true, false]);
  });

  it('POST /career (multipart with a CV) → 303, the application and its CV stored', async () => {
    const email = 'career-native@example.com';
    const body = await multipart({ ...APPLICATION, email, [HONEYPOT_FIELD]: '' }, [
      { field: 'resume', name: 'cv.pdf', type: 'application/pdf', data: PDF },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/career', ...body });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/career/thank-you');
    const [row] = await applicationsOf(email);
    expect(row).toMatchObject({
      name: APPLICATION.name,
      fileName: 'cv.pdf',
      fileType: 'application/pdf',
      status: 'new',
    });
  });

  describe("an opening's own form (/career/<slug>)", () => {
    const opening = async (title: string) => {
      const { headers } = await callers(t.app);
      const payload = openingPayload({ title });
      const res = await t.app.inject({ method: 'POST', url: '/api/jobs', headers: headers.editor, payload });
      expect(res.statusCode, res.body).toBe(201);
      const job = JobSchema.parse(res.json());
      const close = () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/jobs/${job.id}`,
          headers: headers.editor,
          payload: { ...payload, status: 'closed' },
        });
      return { job, close };
    };
    /** The page the web build would render for a refusal, as the stand-in renderer recorded it (test/app.ts). */
    async function refusalPage(url: string, fields: Record<string, string>) {
      const before = t.renderedPages.length;
      const res = await t.app.inject({ method: 'POST', url, ...(await multipart(fields)) });
      return { res, rendered: t.renderedPages[before] };
    }

    it('POST /career/<slug> with a CV → 303, the application stored for the opening', async () => {
      const { job } = await opening('Native Platform Engineer');
      const email = 'opening-native@example.com';
      const body = await multipart(
        { ...APPLICATION, email, position: job.title, jobId: job.id, [HONEYPOT_FIELD]: '' },
        [{ field: 'resume', name: 'cv.pdf', type: 'application/pdf', data: PDF }],
      );
      const res = await t.app.inject({ method: 'POST', url: `/career/${job.slug}`, ...body });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/career/thank-you');
      expect(await applicationsOf(email)).toMatchObject([{ jobId: job.id, position: job.title, fileName: 'cv.pdf' }]);
    });

    it("refused, shows the opening's own page again with status 400, the message and what was typed", async () => {
      const { job } = await opening('Native Refused Engineer');
      const email = 'opening-refused@example.com';
      const fields = { ...APPLICATION, email, position: job.title, jobId: job.id, [HONEYPOT_FIELD]: '' };
      const { res, rendered } = await refusalPage(`/career/${job.slug}`, fields);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.resume).toBe(requiredMessage('resume'));
      expect(rendered).toMatchObject({
        path: `/career/${job.slug}`,
        status: 400,
        form: { values: { email, position: job.title, jobId: job.id, salary: APPLICATION.salary } },
      });
      expect(rendered?.form.values).not.toHaveProperty(HONEYPOT_FIELD);
      expect(await applicationsOf(email)).toHaveLength(0);
    });

    it('falls back to /career with what was typed once the opening has closed, or for a slug naming none', async () => {
      const { job, close } = await opening('Native Closing Engineer');
      expect((await close()).statusCode).toBe(200);
      const fields = { ...APPLICATION, email: 'opening-closed@example.com', position: job.title, jobId: job.id };
      const closed = await refusalPage(`/career/${job.slug}`, fields);
      expect(closed.res.statusCode).toBe(400);
      expect(closed.rendered).toMatchObject({ path: '/career', form: { values: { position: job.title } } });

      // The web pages' guard on the slug (isLookupText): a NUL names no opening, the lookup is not made.
      for (const slug of ['%00', 'no-such-opening']) {
        const { res, rendered } = await refusalPage(`/career/${slug}`, fields);
        expect(res.statusCode, slug).toBe(400);
        expect(rendered?.path, slug).toBe('/career');
      }
      // Longer than the router's parameter limit: a 404 before any route, never a 500.
      expect((await refusalPage(`/career/${'x'.repeat(500)}`, fields)).res.statusCode).toBe(404);
    });
  });

  it('refuses bad input with the same status and messages as the JSON API (the page is rendered by the web build)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/connect',
      ...urlencoded({ ...CONTACT_FIELDS, email: '' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.email).toBeDefined();

    const noCv = await t.app.inject({
      method: 'POST',
      url: '/career',
      ...(await multipart({ ...APPLICATION, email: 'no-cv@example.com' })),
    });
    expect(noCv.statusCode).toBe(400);
    expect(noCv.json().fields.resume).toBe(requiredMessage('resume'));
    expect(await applicationsOf('no-cv@example.com')).toHaveLength(0);
  });

  it('keeps a honeypot lead as spam without mail, like the JSON API', async () => {
    const email = 'bot-native@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/connect',
      ...urlencoded({ ...CONTACT_FIELDS, email, [HONEYPOT_FIELD]: 'https://spam.example' }),
    });
    expect(res.statusCode).toBe(303);
    const [row] = await contactsOf(email);
    expect(row?.status).toBe('spam');
    expect(await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, row!.id))).toHaveLength(0);
  });

  it('stores a lead without the proof of work as spam under the default SPAM_CHALLENGE=score, like the JSON API', async () => {
    const scored = await createTestApp({ LEADS_TO: 'leads@agency.test', SPAM_CHALLENGE: 'score' });
    try {
      const res = await scored.app.inject({
        method: 'POST',
        url: '/connect',
        ...urlencoded({ ...CONTACT_FIELDS, email: 'unsolved@example.com' }),
      });
      expect(res.statusCode).toBe(303);
      const [row] = await scored.app.db
        .select()
        .from(schema.contacts)
        .where(eq(schema.contacts.email, 'unsolved@example.com'));
      expect(row?.status).toBe('spam');
    } finally {
      await scored.close();
    }
  }, 120_000);

  it('shares the per-address limit with the JSON route', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '1' });
    try {
      const first = await limited.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT_FIELDS });
      expect(first.statusCode).toBe(201);
      const second = await limited.app.inject({ method: 'POST', url: '/connect', ...urlencoded(CONTACT_FIELDS) });
      expect(second.statusCode).toBe(429);
      expect(second.json().error).toBe(MESSAGES.http.tooManyRequests);
      expect(second.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('register and login without JavaScript', () => {
  const account = { name: 'Native Admin', email: 'native-admin@example.com', password: 'a long enough password 1' };

  it('POST /register → 303 to /login?registered=1 (nothing personal in the address)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/register', ...urlencoded(account) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?registered=1');
    // A taken address gets the same answer (the JSON route does not tell who has an account).
    const again = await t.app.inject({ method: 'POST', url: '/register', ...urlencoded(account) });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/login?registered=1');
    const short = await t.app.inject({
      method: 'POST',
      url: '/register',
      ...urlencoded({ ...account, password: 'x' }),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBeDefined();
  });

  it('POST /login answers the session for the page to store, 401 for a wrong password', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/login',
      ...urlencoded({ email: account.email, password: 'wrong password here' }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe(MESSAGES.auth.invalidCredentials);
    const right = await t.app.inject({
      method: 'POST',
      url: '/login?next=%2Fadmin',
      ...urlencoded({ email: account.email, password: account.password }),
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ user: { email: account.email } });
  });
});

describe('password reset without JavaScript', () => {
  /** The token of the newest reset mail waiting in the outbox for `email`. */
  async function tokenFromOutbox(email: string): Promise<string> {
    await t.app.drainAfterAnswer();
    const mails = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.to, email));
    const body = mails.filter((mail) => mail.purpose === 'password-reset').at(-1)?.body ?? '';
    const token = /\/reset-password\?token=([\w-]+)/.exec(body)?.[1];
    if (!token) throw new Error('no reset link in the outbox');
    return token;
  }

  it('POST /forgot-password → 303 to /forgot-password?sent=1 for any address; the account gets the link', async () => {
    const member = await createAccount(t.app, 'editor', 'Native Reset');
    const known = await t.app.inject({
      method: 'POST',
      url: '/forgot-password',
      ...urlencoded({ email: member.email }),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/forgot-password',
      ...urlencoded({ email: 'nobody-native@example.com' }),
    });
    expect(known.statusCode).toBe(303);
    expect(known.headers.location).toBe('/forgot-password?sent=1');
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe(known.headers.location);
    expect(await tokenFromOutbox(member.email)).toMatch(/^[\w-]{20,}$/);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/forgot-password',
      ...urlencoded({ email: 'not an address' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.email).toBeDefined();
  });

  it('POST /reset-password (token in the body) → 303 to /login?reset=1; the new password signs in, the link is spent', async () => {
    const member = await createAccount(t.app, 'editor', 'Native Confirm');
    await t.app.inject({ method: 'POST', url: '/forgot-password', ...urlencoded({ email: member.email }) });
    const token = await tokenFromOutbox(member.email);
    const password = 'a new password chosen natively';

    const short = await t.app.inject({
      method: 'POST',
      url: '/reset-password',
      ...urlencoded({ token, password: 'x' }),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBeDefined();

    const done = await t.app.inject({ method: 'POST', url: '/reset-password', ...urlencoded({ token, password }) });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/login?reset=1');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password },
    });
    expect(login.statusCode).toBe(200);

    const again = await t.app.inject({ method: 'POST', url: '/reset-password', ...urlencoded({ token, password }) });
    expect(again.statusCode).toBe(400);
    // The posts were logged (their path), but neither the token nor the password was.
    const log = logLines.join('');
    expect(log).toContain('/reset-password');
    expect(log).not.toContain(token);
    expect(log).not.toContain(password);
    expect(again.json()).toMatchObject({
      error: ACCOUNT_MESSAGES.resetUsed,
      fields: { token: ACCOUNT_MESSAGES.resetUsed },
    });
  });
});

describe('the first account and invitations without JavaScript (issue 22)', () => {
  it("POST /register of the site's first account → 303 to /login?registered=admin (it is the admin)", async () => {
    const fresh = await createTestApp();
    try {
      const first = await fresh.app.inject({
        method: 'POST',
        url: '/register',
        ...urlencoded({ name: 'First Admin', email: 'first-admin@example.com', password: 'a long enough password 1' }),
      });
      expect(first.statusCode).toBe(303);
      expect(first.headers.location).toBe('/login?registered=admin');
      const second = await fresh.app.inject({
        method: 'POST',
        url: '/register',
        ...urlencoded({ name: 'Second Person', email: 'second@example.com', password: 'a long enough password 2' }),
      });
      expect(second.headers.location).toBe('/login?registered=1');
    } finally {
      await fresh.close();
    }
  });

  it('POST /accept-invite (token in the body) answers the new session for the page to store; refusals name the field', async () => {
    const { headers } = await callers(t.app);
    const email = 'native-invitee@example.com';
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users/invites',
      headers: headers.admin,
      payload: { email, role: 'editor' },
    });
    expect(invited.statusCode).toBe(201);
    const [mail] = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.to, email));
    const token = /\/accept-invite\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1];
    expect(token).toBeTruthy();
    const password = 'quiet lighthouse gravel 64';

    const weak = await t.app.inject({
      method: 'POST',
      url: '/accept-invite',
      ...urlencoded({ token: token!, name: 'Native Invitee', password: 'password123' }),
    });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().fields)).toEqual(['password']);

    const done = await t.app.inject({
      method: 'POST',
      url: '/accept-invite',
      ...urlencoded({ token: token!, name: 'Native Invitee', password }),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ user: { email, name: 'Native Invitee', role: 'editor' } });

    const again = await t.app.inject({
      method: 'POST',
      url: '/accept-invite',
      ...urlencoded({ token: token!, name: 'Native Invitee', password }),
    });
    expect(again.statusCode).toBe(400);
    expect(Object.keys(again.json().fields)).toEqual(['token']);
    // The posts were logged (their path), but neither the token nor the password was.
    const log = logLines.join('');
    expect(log).toContain('/accept-invite');
    expect(log).not.toContain(token);
    expect(log).not.toContain(password);
  });
});
