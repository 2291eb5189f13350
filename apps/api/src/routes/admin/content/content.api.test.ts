// The content documents as editors and the public meet them: today's texts on a fresh install, drafts that
// never overwrite another editor's work and never reach the public, publishing now or later, publish checks,
// revisions and restore, preview links, bad input refused whole.
import { CONTENT_KEYS } from '@agency/contract';
import { CONTENT_DEFAULTS } from '@agency/contract/content/defaults.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, createAccount } from '../../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { readContentPreviewToken } from '../../../services/preview.ts';

let t: TestApp;
let headers: Awaited<ReturnType<typeof callers>>['headers'];
let secondEditor: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await callers(t.app)).headers;
  secondEditor = { authorization: `Bearer ${(await createAccount(t.app, 'editor', 'Second Editor')).accessToken}` };
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
interface DocumentAnswer {
  key: string;
  version: number;
  published: Json;
  draft: Json | null;
  scheduledAt: string | null;
  checks: { field: string; message: string }[];
}

const enc = (key: string) => encodeURIComponent(key);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function open(key: string, as = headers.editor): Promise<DocumentAnswer> {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/content/${enc(key)}`, headers: as });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const saveDraft = (key: string, version: number, data: unknown, as = headers.editor) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/content/${enc(key)}/draft`, headers: as, payload: { version, data } });

const publish = (key: string, payload: Json, as = headers.editor) =>
  t.app.inject({ method: 'POST', url: `/api/admin/content/${enc(key)}/publish`, headers: as, payload });

const publicDocument = async (key: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/content/${enc(key)}` })).json().data as Json;

async function auditActions(key: string): Promise<{ action: string; data: Json }[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/audit?action=content',
    headers: headers.admin,
  });
  expect(response.statusCode).toBe(200);
  return (response.json().items as { action: string; target: { id: string } | null; data: Json }[])
    .filter((entry) => entry.target?.id === key)
    .map(({ action, data }) => ({ action, data }));
}

/** A draft, saved, then published by `as`. */
async function edit(key: string, change: (data: Json) => void, as = headers.editor) {
  const document = await open(key, as);
  const data = clone(document.draft ?? document.published);
  change(data);
  const saved = await saveDraft(key, document.version, data, as);
  expect(saved.statusCode, saved.body).toBe(200);
  return { version: saved.json().version as number, data };
}

describe('content documents', () => {
  it('lists every document with its pages, for editors and admins only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/content', headers: headers.editor });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { key: string; paths: string[]; status: string; updatedBy: null }[];
    expect(items.map((item) => item.key)).toEqual(CONTENT_KEYS);
    expect(items.find((item) => item.key === 'service/cloud-services')?.paths).toEqual(['/cloud-services']);
    expect(items.every((item) => item.status === 'published')).toBe(true);
    for (const caller of ['no token', 'garbage', 'pending'] as const) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/admin/content', headers: headers[caller] });
      expect(refused.statusCode, caller).toBeGreaterThanOrEqual(401);
      expect(refused.statusCode, caller).toBeLessThanOrEqual(403);
      const one = await t.app.inject({ method: 'GET', url: '/api/admin/content/packages', headers: headers[caller] });
      expect(one.statusCode, caller).toBeGreaterThanOrEqual(401);
    }
  });

  it("starts as today's texts, and a key with a slash is sent URL-encoded", async () => {
    // Migration 0012 wrote the first versions; they are the contract's defaults, every one of them.
    for (const key of CONTENT_KEYS) expect((await open(key)).published, key).toEqual(CONTENT_DEFAULTS[key]);
    const packages = await open('packages');
    expect(packages.draft).toBeNull();
    const service = await open('service/cloud-services');
    expect((service.published.hero as Json).title).toBe('Cloud Computing Services That Grow With Your Business');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/admin/content/nope', headers: headers.editor });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/No such content document/);
  });

  it('saves a draft that the public never sees, and refuses a stale version naming who saved and when', async () => {
    const opened = await open('about');
    const mine = clone(opened.published);
    (mine.hero as Json).title = 'About the first editor';
    const first = await saveDraft('about', opened.version, mine);
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(opened.version + 1);

    // The second editor opened the same version before the first saved.
    const theirs = clone(opened.published);
    (theirs.hero as Json).title = 'About the second editor';
    const stale = await saveDraft('about', opened.version, theirs, secondEditor);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/changed by editor person at \d{4}-\d{2}-\d{2}T/);
    expect(stale.json()).toMatchObject({ updatedBy: 'editor person', version: opened.version + 1 });

    const now = await open('about');
    expect((now.draft?.hero as Json).title).toBe('About the first editor');
    expect(((await publicDocument('about')).hero as Json).title).toBe('About Us');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/content', headers: headers.editor })).json();
    expect(listed.items.find((item: { key: string }) => item.key === 'about')).toMatchObject({
      status: 'draft',
      updatedBy: 'editor person',
    });
  });

  it('refuses bad input naming the field, and saves nothing of it', async () => {
    const opened = await open('packages');
    const cases: [string, (data: Json) => void, string][] = [
      ['a price that is not a number', (d) => ((d.plans as Json[])[0]!.price = '500'), 'data.plans.0.price'],
      ['a field over its limit', (d) => ((d.hero as Json).title = 'x'.repeat(201)), 'data.hero.title'],
      ['a required field left empty', (d) => ((d.plans as Json[])[1]!.name = '  '), 'data.plans.1.name'],
      ['a missing part of the document', (d) => delete d.inclusions, 'data.inclusions'],
      ['an unknown currency', (d) => ((d.plans as Json[])[0]!.currency = 'EUR'), 'data.plans.0.currency'],
      ['a search title over its limit', (d) => (d.seo = { title: 'x'.repeat(71) }), 'data.seo.title'],
      ['an empty search description', (d) => (d.seo = { description: ' ' }), 'data.seo.description'],
    ];
    for (const [name, change, field] of cases) {
      const data = clone(opened.published);
      change(data);
      const response = await saveDraft('packages', opened.version, data);
      expect(response.statusCode, name).toBe(400);
      expect(Object.keys(response.json().fields), name).toContain(field);
      expect(response.json().error, name).toBe(response.json().fields[field]);
    }
    const notADocument = await saveDraft('packages', opened.version, 'plans');
    expect(notADocument.statusCode).toBe(400);
    const noVersion = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/content/packages/draft',
      headers: headers.editor,
      payload: { version: 'one', data: opened.published },
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().fields).toHaveProperty('version');
    const unknown = await saveDraft('nope', 1, {});
    expect(unknown.statusCode).toBe(404);
    expect(await open('packages')).toMatchObject({ version: opened.version, draft: null });
  });

  it('strips script and HTML from Markdown fields, as posts are', async () => {
    const { version } = await edit('service/firewall', (data) => {
      (data.faqs as Json[])[0]!.answer = 'Safe <script>alert("x")</script>answer <b>here</b>.';
    });
    const opened = await open('service/firewall');
    expect(opened.version).toBe(version);
    expect((opened.draft?.faqs as Json[])[0]!.answer).toBe('Safe answer here.');
  });

  it('publishes the draft: the public sees it, a revision and an audit entry record it', async () => {
    const { version } = await edit('packages', (data) => {
      (data.plans as Json[])[0]!.price = 650;
    });
    const published = await publish('packages', { version });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', version: version + 1, overridden: [] });
    expect(((await publicDocument('packages')).plans as Json[])[0]!.price).toBe(650);
    const after = await open('packages');
    expect(after.draft).toBeNull();
    expect((after.published.plans as Json[])[0]!.price).toBe(650);

    const revisions = (
      await t.app.inject({ method: 'GET', url: '/api/admin/content/packages/revisions', headers: headers.editor })
    ).json().items as { id: string; version: number; data: Json; createdBy: string | null }[];
    expect(revisions.map((revision) => revision.createdBy)).toEqual(['editor person', null]);
    expect(((revisions[0]!.data.plans as Json[])[0] as Json).price).toBe(650);
    expect(await auditActions('packages')).toEqual([
      { action: 'content.published', data: expect.objectContaining({ version: version + 1 }) },
    ]);

    // Publishing again with the old version is stale; with no draft there is nothing to publish.
    expect((await publish('packages', { version })).statusCode).toBe(409);
    expect((await publish('packages', { version: after.version })).statusCode).toBe(409);
  });

  it('sets a policy’s "Last updated" to the day it is published', async () => {
    const { version } = await edit('privacy', (data) => {
      data.intro = `${String(data.intro)} Updated.`;
    });
    expect((await publish('privacy', { version })).statusCode).toBe(200);
    expect((await publicDocument('privacy')).lastUpdated).toBe(new Date().toISOString().slice(0, 10));
  });

  it('schedules a publication: nothing changes for the public until its time, then it is live', async () => {
    const { version } = await edit('quote', (data) => {
      (data.hero as Json).title = 'Scheduled quote heading';
    });
    const past = await publish('quote', { version, publishAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toHaveProperty('publishAt');
    const publishAt = new Date(Date.now() + 1500).toISOString();
    const scheduled = await publish('quote', { version, publishAt });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', publishedAt: publishAt });
    expect(((await publicDocument('quote')).hero as Json).title).toBe('Request a Quote');
    const waiting = await open('quote');
    expect(waiting.scheduledAt).toBe(publishAt);
    expect((waiting.draft?.hero as Json).title).toBe('Scheduled quote heading');

    // Live once its time has come, and not before.
    await expect
      .poll(async () => ((await publicDocument('quote')).hero as Json).title, { timeout: 30_000, interval: 50 })
      .toBe('Scheduled quote heading');
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
    const live = await open('quote');
    expect(live).toMatchObject({ scheduledAt: null, draft: null });
    expect((live.published.hero as Json).title).toBe('Scheduled quote heading');
    expect((await auditActions('quote')).map((entry) => entry.action)).toEqual(['content.scheduled']);
  });

  it('checks a draft before it goes live: broken links, images without descriptions, heading order', async () => {
    const { version } = await edit('service/vpn-setup', (data) => {
      const faqs = data.faqs as Json[];
      faqs[0]!.answer = 'See [our plans](/packages) and [an old page](/no-such-page), or ![](/images/vpn.png).';
      faqs[1]!.answer = '# A heading too high\n\nText';
      (data.hero as Json).image = { ...((data.hero as Json).image as Json) };
      ((data.closing as Json) ?? {}).label = 'Contact us';
    });
    const opened = await open('service/vpn-setup');
    expect(opened.checks.map((check) => check.field)).toEqual(['faqs.0.answer', 'faqs.0.answer', 'faqs.1.answer']);
    expect(opened.checks.map((check) => check.message).join(' ')).toMatch(/\/no-such-page.*description.*heading/s);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/content/${enc('service/vpn-setup')}/checks`,
      headers: headers.editor,
    });
    expect(listed.json().checks).toEqual(opened.checks);

    const refused = await publish('service/vpn-setup', { version });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: expect.any(String), checks: opened.checks });
    const editorOverride = await publish('service/vpn-setup', { version, override: true });
    expect(editorOverride.statusCode).toBe(403);
    expect(((await publicDocument('service/vpn-setup')).faqs as Json[])[1]!.answer).not.toMatch(/too high/);

    const adminOverride = await publish('service/vpn-setup', { version, override: true }, headers.admin);
    expect(adminOverride.statusCode, adminOverride.body).toBe(200);
    expect(adminOverride.json().overridden).toEqual(opened.checks);
    expect(((await publicDocument('service/vpn-setup')).faqs as Json[])[1]!.answer).toMatch(/too high/);
    const audit = await auditActions('service/vpn-setup');
    expect(audit.map((entry) => entry.action).sort()).toEqual(['content.override', 'content.published']);
    expect(audit.find((entry) => entry.action === 'content.override')?.data.checks).toEqual(opened.checks);
  });

  it('restores an earlier revision as the published version, keeping the draft, audited', async () => {
    const first = await edit('career', (data) => {
      (data.intro as Json).heading = 'Careers, first edit';
    });
    expect((await publish('career', { version: first.version })).statusCode).toBe(200);
    await edit('career', (data) => {
      (data.intro as Json).heading = 'Careers, unsaved idea';
    });
    const revisions = (
      await t.app.inject({ method: 'GET', url: '/api/admin/content/career/revisions', headers: headers.editor })
    ).json().items as { id: string; createdBy: string | null }[];
    const original = revisions.find((revision) => revision.createdBy === null)!;
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/admin/content/career/revisions/${original.id}/restore`,
      headers: headers.editor,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(((await publicDocument('career')).intro as Json).heading).toBe('Build Your Career With Us');
    const opened = await open('career');
    expect((opened.draft?.intro as Json).heading).toBe('Careers, unsaved idea');
    expect((await auditActions('career')).map((entry) => entry.action)).toContain('content.restored');
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/admin/content/career/revisions/00000000-0000-4000-8000-000000000000/restore`,
      headers: headers.editor,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('gives a signed preview link to the page, valid one hour', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/content/${enc('service/it-support')}/preview`,
      headers: headers.editor,
    });
    expect(response.statusCode).toBe(200);
    const { url, expiresAt } = response.json() as { url: string; expiresAt: string };
    expect(url).toMatch(/^\/it-support\?preview=/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    const token = new URL(url, 'http://x').searchParams.get('preview')!;
    expect(readContentPreviewToken('test-secret-test-secret-test-secret-0123456789', token)).toBe('service/it-support');
    expect(readContentPreviewToken('another-secret', token)).toBeNull();
  });
});
