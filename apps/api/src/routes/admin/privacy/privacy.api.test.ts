import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  AUDIT_RETENTION_DAYS,
  type AuditList,
  CONSENT_BANNER_VERSION,
  CONSENT_USER_AGENT_CHARS,
  DEFAULT_RETENTION_PERIODS,
  type ErasureResult,
  type RetentionPreview,
} from '@agency/contract';
import { eq, schema, sql } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashEmail } from '../../../services/audit.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { readZip } from '../../../../test/zip.ts';
import { APPLICATION, CONTACT, MODAL_QUOTE, multipart, PDF, tokenFor } from '../../../../test/lead-fixtures.ts';

let t: TestApp;
let admin: { authorization: string };
let editor: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ LEADS_TO: 'leads@agency.test' });
  admin = await tokenFor(t.app, 'admin');
  editor = await tokenFor(t.app, 'editor');
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const BRIEF = Buffer.from('our brief, line one\nline two\n');

/** Posts a lead through the public API (multipart when it carries a file); answers its id. */
async function post(url: string, fields: Record<string, unknown>, file?: { field: string; name: string }) {
  if (url === '/api/contact') {
    const res = await t.app.inject({ method: 'POST', url, payload: fields });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  }
  const files = file
    ? [
        {
          ...file,
          type: file.field === 'resume' ? 'application/pdf' : 'text/plain',
          data: file.field === 'resume' ? PDF : BRIEF,
        },
      ]
    : [];
  const res = await t.app.inject({
    method: 'POST',
    url,
    ...(await multipart(fields as Record<string, string>, files)),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

/** One lead of each kind for `email`, with a brief and a CV. */
async function leadsOf(email: string, variant = (e: string) => e) {
  return {
    quote: await post(
      '/api/request-quote',
      { ...MODAL_QUOTE, email: variant(email) },
      { field: 'file', name: 'brief.txt' },
    ),
    contact: await post('/api/contact', { ...CONTACT, email: email.toUpperCase() }),
    application: await post('/api/jobs/apply', { ...APPLICATION, email }, { field: 'resume', name: 'CV.pdf' }),
  };
}

const uploads = () => {
  const root = path.join(t.dataDir, 'uploads');
  const walk = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        )
      : [];
  return walk(root);
};

async function auditOf(action: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit?action=${action}`, headers: admin });
  return res.json<AuditList>().items;
}

const outboxOf = async (leadId: string) =>
  t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, leadId));

describe('POST /api/consent', () => {
  const choice = {
    consentId: '6b1c9a52-4a0e-4c55-9a55-1f0c2b7de001',
    choice: 'custom',
    settings: { analytics: true, marketing: false },
    bannerVersion: CONSENT_BANNER_VERSION,
  };

  it('stores the choice with time, version, settings and a truncated user agent; never the address', async () => {
    const ua = `Mozilla/5.0 ${'x'.repeat(300)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consent',
      payload: choice,
      headers: { 'user-agent': ua },
      remoteAddress: '203.0.113.77',
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.app.db.select().from(schema.consents).where(eq(schema.consents.consentId, choice.consentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      choice: 'custom',
      analytics: true,
      marketing: false,
      bannerVersion: CONSENT_BANNER_VERSION,
      gpc: false,
      userAgent: ua.slice(0, CONSENT_USER_AGENT_CHARS),
    });
    expect(Date.now() - rows[0]!.createdAt.getTime()).toBeLessThan(60_000);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.77');
  });

  it('records Global Privacy Control (Sec-GPC: 1), and keeps every later change under the same id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consent',
      payload: { ...choice, choice: 'necessary', settings: { analytics: false, marketing: false } },
      headers: { 'sec-gpc': '1' },
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.app.db.select().from(schema.consents).where(eq(schema.consents.consentId, choice.consentId));
    expect(rows.map((r) => [r.choice, r.gpc]).sort()).toEqual([
      ['custom', false],
      ['necessary', true],
    ]);
  });

  it.each([
    [{ ...choice, consentId: 'not-a-uuid' }, 'consentId'],
    [{ ...choice, choice: 'all' }, 'choice'],
    [{ ...choice, settings: { analytics: 'yes', marketing: false } }, 'settings'],
    [{ ...choice, settings: undefined }, 'settings'],
    [{ ...choice, bannerVersion: CONSENT_BANNER_VERSION + 1 }, 'bannerVersion'],
    [{ ...choice, bannerVersion: 0 }, 'bannerVersion'],
  ])('refuses bad input with 400 naming the field (%#)', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/consent', payload });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual([field]);
  });

  it('GET /api/consent/settings tells the banner its version; analytics is off without ANALYTICS_SCRIPT_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/consent/settings' });
    expect(res.json()).toEqual({ bannerVersion: CONSENT_BANNER_VERSION, analyticsScriptUrl: null });
  });
});

describe('GET /api/admin/consents/export.csv', () => {
  it('is for admins only', async () => {
    const url = '/api/admin/consents/export.csv';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: editor })).statusCode).toBe(403);
  });

  it('exports every choice, with formulas neutralised, and records the export', async () => {
    const consentId = 'a3a0b7a2-58a4-4d7b-8d0b-3f7f2c0e0b02';
    await t.app.inject({
      method: 'POST',
      url: '/api/consent',
      payload: { consentId, choice: 'accepted', settings: { analytics: true, marketing: true }, bannerVersion: 1 },
      headers: { 'user-agent': '=HYPERLINK("http://evil.example")' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/consents/export.csv', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="consents-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Recorded,Consent ID,Choice,Analytics,Marketing,Banner version,GPC,User agent');
    const line = lines.find((l) => l.includes(consentId));
    expect(line).toMatch(/,accepted,true,true,1,false,"'=HYPERLINK\(""http:\/\/evil\.example""\)"$/);
    expect(lines).toHaveLength(4);
    expect((await auditOf('consent.exported'))[0]?.data).toEqual({ rows: 3 });
  });
});

describe('POST /api/admin/privacy/erase', () => {
  it('is for admins only and needs a valid address', async () => {
    const url = '/api/admin/privacy/erase';
    const payload = { email: 'x@example.com' };
    expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, payload, headers: editor })).statusCode).toBe(403);
    for (const bad of [{}, { email: 'not an address' }]) {
      const res = await t.app.inject({ method: 'POST', url, payload: bad, headers: admin });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['email']);
    }
  });

  it('deletes every lead of the address in any case, its files and its mails, and nobody else’s', async () => {
    const filesBefore = uploads().length;
    const ada = await leadsOf('ada.erase@example.com', (e) => e.replace('ada', 'Ada'));
    const other = await leadsOf('someone.else@example.com');
    expect(uploads().length).toBe(filesBefore + 4);
    const adaMails =
      (await outboxOf(ada.quote)).length +
      (await outboxOf(ada.contact)).length +
      (await outboxOf(ada.application)).length;
    expect(adaMails).toBeGreaterThan(0);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/erase',
      headers: admin,
      payload: { email: '  ADA.Erase@Example.com ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ErasureResult>()).toEqual({ quotes: 1, contacts: 1, applications: 1, files: 2, mails: adaMails });

    for (const [kind, id] of [
      ['quotes', ada.quote],
      ['contacts', ada.contact],
      ['applications', ada.application],
    ] as const) {
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/${kind}/${id}`, headers: admin })).statusCode).toBe(
        404,
      );
      expect(await outboxOf(id)).toEqual([]);
    }
    expect(uploads().length).toBe(filesBefore + 2);
    const kept = await t.app.inject({ method: 'GET', url: `/api/admin/quotes/${other.quote}`, headers: admin });
    expect(kept.statusCode).toBe(200);
    expect((await outboxOf(other.contact)).length).toBeGreaterThan(0);

    const [entry] = await auditOf('privacy.erased');
    expect(entry).toMatchObject({
      target: { type: 'email', id: hashEmail('ada.erase@example.com') },
      data: { quotes: 1, contacts: 1, applications: 1, files: 2, mails: adaMails },
    });
    const log = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin });
    expect(log.body.toLowerCase()).not.toContain('ada.erase');
  });

  it('answers zeros for an address with nothing stored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/privacy/erase',
      headers: admin,
      payload: { email: 'nobody@example.com' },
    });
    expect(res.json()).toEqual({ quotes: 0, contacts: 0, applications: 0, files: 0, mails: 0 });
  });
});

describe('GET /api/admin/privacy/export', () => {
  it('is for admins only and needs a valid address', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/privacy/export?email=a@b.co' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/privacy/export?email=nope', headers: admin });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['email']);
  });

  it('answers a ZIP of records.json (every record of the address) and the files it sent', async () => {
    const grace = await leadsOf('grace.export@example.com');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/privacy/export?email=Grace.Export@example.com',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');

    const entries = readZip(res.rawPayload);
    const names = entries.map((e) => e.name);
    expect(names[0]).toBe('records.json');
    const records = JSON.parse(entries[0]!.data.toString('utf8'));
    expect(records.quotes.map((q: { id: string }) => q.id)).toEqual([grace.quote]);
    expect(records.contacts.map((c: { id: string }) => c.id)).toEqual([grace.contact]);
    expect(records.applications.map((a: { id: string }) => a.id)).toEqual([grace.application]);
    expect(records.quotes[0]).toMatchObject({ fullName: MODAL_QUOTE.fullName, phone: MODAL_QUOTE.phone });
    expect(records.quotes[0]).not.toHaveProperty('fileKey');
    expect(records.contacts[0].mails.length).toBeGreaterThan(0);
    expect(records.contacts[0].timeline.length).toBeGreaterThan(0);

    const brief = entries.find((e) => e.name === records.quotes[0].file);
    const cv = entries.find((e) => e.name === records.applications[0].file);
    expect(brief?.data.equals(BRIEF)).toBe(true);
    expect(cv?.data.equals(PDF)).toBe(true);
    expect(names).toHaveLength(3);

    const [entry] = await auditOf('privacy.exported');
    expect(entry?.target).toEqual({ type: 'email', id: hashEmail('grace.export@example.com') });
    expect(entry?.data).toMatchObject({ quotes: 1, contacts: 1, applications: 1, files: 2 });
  });
});

describe('retention', () => {
  /** Leaves no lead from the tests above: each retention test starts from its own. */
  async function clearLeads() {
    for (const table of ['quotes', 'contacts', 'applications', 'outbox', 'lead_events']) {
      await t.app.db.execute(sql.raw(`delete from ${table}`));
    }
  }

  const preview = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/privacy/retention', headers: admin });
    expect(res.statusCode).toBe(200);
    return res.json<RetentionPreview>();
  };

  it('GET /api/admin/privacy/retention is for admins, with the configured periods', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/privacy/retention', headers: editor });
    expect(res.statusCode).toBe(403);
    expect((await preview()).periods).toEqual(DEFAULT_RETENTION_PERIODS);
  });

  it('deletes each kind after its period on a clock moved forward, with files and mails, and records the run', async () => {
    await clearLeads();
    const filesBefore = uploads().length;
    const lin = await leadsOf('lin.retention@example.com');
    const spam = await post('/api/contact', { ...CONTACT, hp_website: 'http://spam.example' });
    const [spamRow] = await t.app.db.select().from(schema.contacts).where(eq(schema.contacts.id, spam));
    expect(spamRow?.status).toBe('spam');
    const oldEntry = await t.app.db
      .insert(schema.auditLog)
      .values({
        actorName: 'Old',
        action: 'lead.exported',
        at: new Date(Date.now() - (AUDIT_RETENTION_DAYS + 1) * DAY),
      })
      .returning();

    // Today: nothing is due but the old audit entry.
    expect((await preview()).due).toEqual({ quotes: 0, contacts: 0, applications: 0, files: 0, mails: 0, audit: 1 });

    // 31 days on: only the spam is due.
    const run1 = await t.app.retention.run({ now: new Date(Date.now() + 31 * DAY) });
    expect(run1).toMatchObject({ status: 'ran', quotes: 0, contacts: 1, applications: 0, files: 0, audit: 1 });
    expect(await t.app.db.select().from(schema.auditLog).where(eq(schema.auditLog.id, oldEntry[0]!.id))).toEqual([]);

    // 181 days on: the application and its CV and mails, not the quote or the contact.
    const appMails = (await outboxOf(lin.application)).length;
    const run2 = await t.app.retention.run({ now: new Date(Date.now() + 181 * DAY) });
    expect(run2).toEqual({
      status: 'ran',
      quotes: 0,
      contacts: 0,
      applications: 1,
      files: 1,
      mails: appMails,
      audit: 0,
    });
    expect(await outboxOf(lin.application)).toEqual([]);
    expect(uploads().length).toBe(filesBefore + 1);

    // 731 days on: the rest.
    const run3 = await t.app.retention.run({ now: new Date(Date.now() + 731 * DAY) });
    expect(run3).toMatchObject({ status: 'ran', quotes: 1, contacts: 1, applications: 0, files: 1 });
    expect(uploads().length).toBe(filesBefore);
    for (const table of [schema.quotes, schema.contacts, schema.applications]) {
      expect(await t.app.db.select().from(table)).toEqual([]);
    }

    const runs = await auditOf('privacy.retention_run');
    expect(runs.slice(0, 3).map((r) => r.data.applications)).toEqual([0, 1, 0]);
    expect(runs[0]).toMatchObject({ actor: { id: null, name: 'System' }, ip: null });
  });

  it('counts from the last activity: a lead worked on recently is kept', async () => {
    await clearLeads();
    const id = await post(
      '/api/jobs/apply',
      { ...APPLICATION, email: 'kept@example.com' },
      { field: 'resume', name: 'CV.pdf' },
    );
    const now = new Date(Date.now() + 181 * DAY);
    await t.app.db
      .update(schema.applications)
      .set({ lastActivityAt: new Date(now.getTime() - 10 * DAY) })
      .where(eq(schema.applications.id, id));
    expect(await t.app.retention.run({ now })).toMatchObject({ status: 'ran', applications: 0 });
  });

  it('the preview counts what a run would delete', async () => {
    await clearLeads();
    const id = await post(
      '/api/jobs/apply',
      { ...APPLICATION, email: 'old@example.com' },
      { field: 'resume', name: 'CV.pdf' },
    );
    await t.app.db
      .update(schema.applications)
      .set({ lastActivityAt: new Date(Date.now() - 181 * DAY) })
      .where(eq(schema.applications.id, id));
    const mails = (await outboxOf(id)).length;
    const { due, cutoffs } = await preview();
    expect(due).toEqual({ quotes: 0, contacts: 0, applications: 1, files: 1, mails, audit: 0 });
    expect(Date.now() - new Date(cutoffs.applications).getTime()).toBeGreaterThanOrEqual(180 * DAY - 60_000);
  });

  it('runs on one instance at a time, once a day', async () => {
    const other = await t.secondInstance();
    const now = new Date(Date.now() + 800 * DAY);
    const outcomes = await Promise.all([
      t.app.retention.run({ now, onlyIfDue: true }),
      other.retention.run({ now, onlyIfDue: true }),
    ]);
    expect(outcomes.filter((o) => o.status === 'ran')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status !== 'ran')).toHaveLength(1);
    // Later the same day: not due; a day later: due again.
    expect(await t.app.retention.run({ now: new Date(now.getTime() + 3600_000), onlyIfDue: true })).toEqual({
      status: 'not-due',
    });
    expect((await t.app.retention.run({ now: new Date(now.getTime() + DAY), onlyIfDue: true })).status).toBe('ran');
  });
});

describe('ANALYTICS_SCRIPT_URL', () => {
  it(
    'is handed to the banner and is the one other origin the CSP allows for scripts',
    { timeout: 60_000 },
    async () => {
      const other = await createTestApp({ ANALYTICS_SCRIPT_URL: 'https://stats.agency.test/js/script.js' });
      try {
        const settings = await other.app.inject({ method: 'GET', url: '/api/consent/settings' });
        expect(settings.json()).toEqual({
          bannerVersion: CONSENT_BANNER_VERSION,
          analyticsScriptUrl: 'https://stats.agency.test/js/script.js',
        });
        const csp = settings.headers['content-security-policy'] as string;
        expect(csp).toMatch(/(^|; )script-src 'self' https:\/\/stats\.agency\.test(;|$)/);
        expect(csp).toMatch(/(^|; )connect-src 'self' https:\/\/stats\.agency\.test(;|$)/);
      } finally {
        await other.close();
      }
      const csp = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'];
      expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
    },
  );
});
