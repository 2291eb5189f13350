// Issue 32, points 3 and 9: a reply's merge fields are filled by the server from the lead and the sender (a token
// it cannot fill is refused, 400 naming it), and replies keep to their hourly limits per lead and per account
// (429 naming the limit, with Retry-After), even when sent all at once.
import { and, eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { CONTACT, MODAL_QUOTE } from '../../../test/lead-fixtures.ts';

let t: TestApp;
let alice: { authorization: string };
let bob: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ REPLIES_PER_LEAD_PER_HOUR: '3', REPLIES_PER_ACCOUNT_PER_HOUR: '5' });
  alice = { authorization: `Bearer ${(await createAccount(t.app, 'admin', 'Alice Admin')).accessToken}` };
  bob = { authorization: `Bearer ${(await createAccount(t.app, 'admin', 'Bob Builder')).accessToken}` };
});
afterAll(() => t.close());

async function newLead(kind: 'quotes' | 'contacts', email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: kind === 'quotes' ? '/api/request-quote' : '/api/contact',
    payload: kind === 'quotes' ? { ...MODAL_QUOTE, email } : { ...CONTACT, email },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

const reply = (kind: string, id: string, headers: { authorization: string }, subject: string, text: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/${kind}/${id}/reply`, headers, payload: { subject, text } });

const repliesOf = (id: string) =>
  t.app.db
    .select({ subject: schema.outbox.subject, body: schema.outbox.body })
    .from(schema.outbox)
    .where(and(eq(schema.outbox.leadId, id), eq(schema.outbox.purpose, 'reply')));

describe('merge fields', () => {
  it('fills every field from the lead and the sender, in the subject and the text, and stores the filled reply', async () => {
    const id = await newLead('quotes', 'ada.merge@example.com');
    const res = await reply(
      'quotes',
      id,
      alice,
      'Your {service} project, {firstName}',
      'Dear {name},\n\n{company}: a budget of {budget} works.\n\n{senderFirstName} ({senderName}), {agencyName}',
    );
    expect(res.statusCode).toBe(202);
    expect(await repliesOf(id)).toEqual([
      {
        subject: 'Your Website Development project, Ada',
        body: 'Dear Ada Lovelace,\n\nAnalytical Engines Ltd: a budget of £1,500 - £5,000 works.\n\nAlice (Alice Admin), Nexora IT Solutions',
      },
    ]);
    const lead = await t.app.inject({ url: `/api/admin/quotes/${id}`, headers: alice });
    const queued = lead.json<{ timeline: { type: string; data: Record<string, unknown> }[] }>().timeline.at(-1);
    expect(queued?.type).toBe('reply_queued');
    expect(queued?.data.subject).toBe('Your Website Development project, Ada');
  });

  it('refuses a token that is not a merge field, naming it, and queues nothing', async () => {
    const id = await newLead('contacts', 'grace.unknown@example.com');
    const res = await reply('contacts', id, alice, 'Hello {firstName}', 'Hi {nmae}, thanks.');
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; fields: Record<string, string> }>();
    expect(body.error).toContain('{nmae} is not a merge field');
    expect(body.fields).toEqual({ text: body.error });
    expect(await repliesOf(id)).toEqual([]);
  });

  it('refuses a field this lead has no value for (a contact message has no company), naming it', async () => {
    const id = await newLead('contacts', 'grace.company@example.com');
    const res = await reply('contacts', id, alice, 'About {company}', 'Hello {firstName}');
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; fields: Record<string, string> }>();
    expect(body.error).toBe('{company} has no value for this lead; write that part yourself');
    expect(Object.keys(body.fields)).toEqual(['subject']);
    expect(await repliesOf(id)).toEqual([]);
  });
});

describe('hourly limits', () => {
  it('allows REPLIES_PER_LEAD_PER_HOUR replies to one lead, sent at once, then 429 naming that limit', async () => {
    const id = await newLead('contacts', 'grace.limit@example.com');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => reply('contacts', id, bob, `Try ${index}`, 'Hello {firstName}')),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 202, 202, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json<{ error: string }>().error).toMatch(/^At most 3 replies to one lead per hour/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await repliesOf(id)).toHaveLength(3);
  });

  it('allows REPLIES_PER_ACCOUNT_PER_HOUR replies from one account over several leads, then 429 naming it', async () => {
    // Bob sent 3 above; 2 more to other leads reach his 5.
    const leads = [await newLead('contacts', 'one@example.com'), await newLead('contacts', 'two@example.com')];
    for (const id of leads)
      expect((await reply('contacts', id, bob, 'Hello', 'Hello {firstName}')).statusCode).toBe(202);
    const third = await newLead('contacts', 'three@example.com');
    const refused = await reply('contacts', third, bob, 'Hello', 'Hello {firstName}');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: string }>().error).toMatch(/^At most 5 replies from one account per hour/);
    expect(await repliesOf(third)).toEqual([]);
    // Another account still may.
    expect((await reply('contacts', third, alice, 'Hello', 'Hello {firstName}')).statusCode).toBe(202);
  });
});
