// The content editor's API as issue 31 asks it: a refused publish names each field as the form does ("Plans →
// Startup → Plan description"), links are checked for their form and the media library's images pass,
// Markdown is stored without a live tag whatever nesting was sent, who else is editing is told on opening and
// by the heartbeat, and a restore racing a colleague's autosave never answers 5xx and is audited once.
import { sql } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, createAccount } from '../../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/app.ts';

let t: TestApp;
let headers: Awaited<ReturnType<typeof callers>>['headers'];
let anna: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await callers(t.app)).headers;
  anna = { authorization: `Bearer ${(await createAccount(t.app, 'editor', 'Anna')).accessToken}` };
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
interface Check {
  field: string;
  label: string;
  message: string;
}
interface DocumentAnswer {
  version: number;
  published: Json;
  draft: Json | null;
  checks: Check[];
  editors: { name: string; since: string }[];
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

async function draftOf(key: string, change: (data: Json) => void) {
  const document = await open(key);
  const data = clone(document.draft ?? document.published);
  change(data);
  const saved = await saveDraft(key, document.version, data);
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().version as number;
}

const publish = (key: string, version: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/content/${enc(key)}/publish`,
    headers: headers.editor,
    payload: { version },
  });

const restore = (key: string, id: string, payload?: Json) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/content/${enc(key)}/revisions/${id}/restore`,
    headers: headers.editor,
    ...(payload ? { payload } : {}),
  });

async function revisionsOf(key: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/content/${enc(key)}/revisions`,
    headers: headers.editor,
  });
  return response.json().items as { id: string; version: number; data: Json }[];
}

describe('the content editor', () => {
  it('names every failed check by the field’s label and place, and checks links for their form', async () => {
    const links = [
      ['htp:/broken', /htp:\/broken is not a web address/],
      ['http//x', /http\/\/x is not a web address/],
      ['mailto:', /needs an e-mail address after mailto:/],
      ['tel:', /needs a phone number after tel:/],
      ['/no-such-page', /goes to no page of this site/],
    ] as const;
    const version = await draftOf('packages', (data) => {
      const plans = data.plans as Json[];
      plans[0]!.description = links.map(([link], i) => `[link ${i}](${link})`).join(' ');
    });
    const refused = await publish('packages', version);
    expect(refused.statusCode).toBe(422);
    const checks = refused.json().checks as Check[];
    expect(checks).toHaveLength(links.length);
    for (const [index, [, message]] of links.entries()) {
      expect(checks[index]).toMatchObject({
        field: 'plans.0.description',
        label: 'Plans → Startup → Plan description',
      });
      expect(checks[index]!.message).toMatch(message);
    }
    expect((await open('packages')).checks).toEqual(checks);
  });

  it('passes the media library’s images, the site’s pages, posts and files, and well-formed addresses', async () => {
    const version = await draftOf('service/firewall', (data) => {
      (data.hero as Json).image = {
        src: '/api/uploads/images/0b7c2f4e-8a1d-4c3b-9e2f-1a2b3c4d5e6f-1600.webp',
        alt: 'A firewall',
        width: 1600,
        height: 900,
      };
      (data.faqs as Json[])[0]!.answer = [
        '![A chart](/api/uploads/images/0b7c2f4e-8a1d-4c3b-9e2f-1a2b3c4d5e6f-800.webp)',
        '[plans](/packages) [blog](/blog) [register](/register) [file](/files/brochure.pdf)',
        '[us](https://example.com/a?b=c) [mail](mailto:hello@example.com) [call](tel:+44 20 7946 0000) [top](#faq)',
      ].join(' ');
    });
    const opened = await open('service/firewall');
    expect(opened.checks).toEqual([]);
    expect((await publish('service/firewall', version)).statusCode).toBe(200);
  });

  it('stores Markdown without a live tag or javascript: link however tags are nested or broken', async () => {
    const attacks = [
      '<<b>img src=x onerror=alert(8)>',
      '<scr<script>ipt>alert(1)</scr</script>ipt>',
      '<<<i>b>i>mg src=x onerror=alert(2)>',
      '<img src=x onerror=alert(3)',
      '<!-- <img src=x onerror=alert(4)> -->',
      '[click](javascript:alert(5)) [again](jav&#x09;ascript:alert(6)) [more](&#106;avascript&colon;alert(7))',
      '<a href="javascript:alert(9)">x</a><svg/onload=alert(10)>',
    ];
    const version = await draftOf('home', (data) => {
      (data.mission as Json).text = attacks.map((attack) => `Safe text ${attack} end.`);
    });
    const opened = await open('home');
    const stored = (opened.draft!.mission as Json).text as string[];
    // What is left of the script links is no link a visitor can follow: the checks say so; an admin publishes.
    const refused = await publish('home', version);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().checks[0]).toMatchObject({ label: expect.stringMatching(/^Mission → /) });
    const forced = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/home/publish',
      headers: headers.admin,
      payload: { version, override: true },
    });
    expect(forced.statusCode, forced.body).toBe(200);
    const answer = await t.app.inject({ method: 'GET', url: '/api/content/home' });
    const served = ((answer.json().data as Json).mission as Json).text as string[];
    for (const text of [...stored, ...served]) {
      expect(text).toMatch(/^Safe text .*end\.$/);
      expect(text).not.toMatch(/<\s*[a-z!/?]/i);
      expect(text).not.toMatch(/(java|vb)\s*script\s*:|&#|&colon;/i);
    }
    // Saving what was stored stores the same: stripping has reached its fixed point.
    const again = await open('home');
    const resaved = await saveDraft('home', again.version, again.published);
    expect(resaved.statusCode).toBe(200);
    expect(((await open('home')).draft!.mission as Json).text).toEqual(served);
  });

  it('tells who else has a document open and since when, kept fresh by a heartbeat', async () => {
    const mine = await open('about');
    expect(mine.editors).toEqual([]);
    const beat = await t.app.inject({ method: 'PUT', url: '/api/admin/content/about/presence', headers: anna });
    expect(beat.statusCode).toBe(200);
    expect(beat.json().editors).toEqual([{ name: 'editor person', since: expect.any(String) }]);
    const seen = await open('about');
    expect(seen.editors).toEqual([{ name: 'Anna', since: expect.any(String) }]);
    expect(Date.now() - Date.parse(seen.editors[0]!.since)).toBeLessThan(60_000);
    // Another document: nobody else there. Leaving: no longer shown.
    expect((await open('career')).editors).toEqual([]);
    const left = await t.app.inject({ method: 'DELETE', url: '/api/admin/content/about/presence', headers: anna });
    expect(left.statusCode).toBe(204);
    expect((await open('about')).editors).toEqual([]);
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/admin/content/nope/presence', headers: anna });
    expect(unknown.statusCode).toBe(404);
    const outsider = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/content/about/presence',
      headers: headers.pending,
    });
    expect(outsider.statusCode).toBeGreaterThanOrEqual(401);
    expect(outsider.statusCode).toBeLessThanOrEqual(403);
  });

  it('restores into the draft when asked, and answers what is now published and drafted', async () => {
    const version = await draftOf('quote', (data) => {
      (data.hero as Json).title = 'Quote, edited';
    });
    expect((await publish('quote', version)).statusCode).toBe(200);
    const original = (await revisionsOf('quote')).at(-1)!;
    const restored = await restore('quote', original.id, { to: 'draft' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ status: 'draft', draft: original.data });
    expect(((restored.json().published as Json).hero as Json).title).toBe('Quote, edited');
    const bad = await restore('quote', original.id, { to: 'somewhere' });
    expect(bad.statusCode).toBe(400);
  });

  it('restores while a colleague’s autosave lands: never a 5xx, one audit entry per restore', async () => {
    const version = await draftOf('terms', (data) => {
      data.intro = `${String(data.intro)} Edited once.`;
    });
    expect((await publish('terms', version)).statusCode).toBe(200);
    const [latest, original] = await revisionsOf('terms');
    const rounds = 50;
    const statuses: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const opened = await open('terms', anna);
      const data = clone(opened.draft ?? opened.published);
      data.intro = `Autosave ${round}`;
      const [restoreAnswer, saveAnswer] = await Promise.all([
        restore('terms', (round % 2 ? latest : original)!.id),
        saveDraft('terms', opened.version, data, anna),
      ]);
      expect(restoreAnswer.statusCode, restoreAnswer.body).toBe(200);
      expect([200, 409]).toContain(saveAnswer.statusCode);
      statuses.push(saveAnswer.statusCode);
    }
    expect(statuses.every((status) => status < 500)).toBe(true);
    const restores = (
      (await t.app.db.execute(
        sql`select id from audit_log where action = 'content.restored' and target_id = 'terms'`,
      )) as unknown as { rows: unknown[] }
    ).rows;
    expect(restores).toHaveLength(rounds);
    // Every restore went live: 50 restores and 2 publishes before them.
    expect((await revisionsOf('terms')).length).toBe(rounds + 2);
  });
});
