// Instant alerts: a real HTTP receiver on 127.0.0.1 checks the Standard Webhooks signature, is down for a
// while, and still gets each event exactly once; the timeline shows every try.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LeadDetail, type WebhookBody } from '@agency/contract';
import { and, eq, schema, sql } from '@agency/db';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createAccount } from '../../../test/auth-fixtures.ts';
import { createWebhookSender, webhookRows } from '../../services/webhooks.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { CONTACT, MODAL_QUOTE, multipart } from '../../../test/lead-fixtures.ts';

// Each test starts its own app (PGlite) and solves or waits for real work: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

const KEY = randomBytes(32);
const SECRET = `whsec_${KEY.toString('base64')}`;

interface Delivery {
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
  valid: boolean;
}

/** A receiver that verifies each request the way the Standard Webhooks libraries do. */
async function startReceiver(port = 0, status = 200) {
  const received: Delivery[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id'] ?? '');
      const timestamp = String(request.headers['webhook-timestamp'] ?? '');
      const expected = createHmac('sha256', KEY).update(`${id}.${timestamp}.${body}`).digest();
      const valid =
        Math.abs(Date.now() / 1000 - Number(timestamp)) < 300 &&
        String(request.headers['webhook-signature'] ?? '')
          .split(' ')
          .some((entry) => {
            const [version, signature] = entry.split(',');
            const given = Buffer.from(signature ?? '', 'base64');
            return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
          });
      received.push({ url: request.url, headers: request.headers, body, valid });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    received,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function appFor(port: number, env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({
    WEBHOOK_URLS: `http://127.0.0.1:${port}/hooks/leads`,
    WEBHOOK_SECRET: SECRET,
    SITE_URL: 'https://agency.test',
    ...env,
  });
  cleanups.push(() => t.close());
  return t;
}

async function timelineOf(t: TestApp, kind: string, id: string) {
  const account = await createAccount(t.app, 'admin');
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/${kind}/${id}`,
    headers: { authorization: `Bearer ${account.accessToken}` },
  });
  return { lead: res.json<LeadDetail>(), headers: { authorization: `Bearer ${account.accessToken}` } };
}

describe('webhooks', () => {
  it('POSTs one signed lead.created event per new lead, without personal data', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const t = await appFor(receiver.port);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/request-quote',
      ...(await multipart({ ...MODAL_QUOTE, region: 'uk', currency: 'GBP', budget: '' })),
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    await t.app.outbox.process();
    await t.app.outbox.process();

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery?.valid).toBe(true);
    expect(delivery?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(delivery?.body ?? '{}') as WebhookBody;
    const [row] = await t.app.db.select().from(schema.quotes).where(eq(schema.quotes.id, id));
    expect(body).toEqual({
      type: 'lead.created',
      timestamp: expect.any(String),
      data: {
        kind: 'quotes',
        id,
        createdAt: row?.createdAt.toISOString(),
        region: 'uk',
        status: 'new',
        url: `https://agency.test/admin/leads/quotes/${id}`,
      },
    });
    expect(delivery?.body).not.toContain(MODAL_QUOTE.email);
    expect(delivery?.body).not.toContain(MODAL_QUOTE.fullName);

    const { lead } = await timelineOf(t, 'quotes', id);
    const hooks = lead.timeline.filter((event) => event.type.startsWith('webhook_'));
    expect(hooks.map((event) => [event.type, event.data.target])).toEqual([
      ['webhook_queued', '127.0.0.1:' + receiver.port],
      ['webhook_sent', '127.0.0.1:' + receiver.port],
    ]);
    expect(lead.notifications.find((n) => n.kind === 'webhook')).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('retries with backoff while the receiver is down, then delivers once with the same webhook-id', async () => {
    const probe = await startReceiver();
    const port = probe.port;
    await probe.close();
    const t = await appFor(port);

    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
    const { id } = res.json<{ id: string }>();
    await t.app.outbox.process();
    const [failed] = await t.app.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.leadId, id), eq(schema.outbox.purpose, 'webhook')));
    expect(failed).toMatchObject({ purpose: 'webhook', attempts: 1, sentAt: null });
    expect(failed?.lastError).toMatch(/ECONNREFUSED|fetch failed/);
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);

    // Back up, but answering 500: a failed try too.
    const erroring = await startReceiver(port, 500);
    await t.app.db.update(schema.outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    await t.app.outbox.process();
    expect(erroring.received).toHaveLength(1);
    await erroring.close();

    const receiver = await startReceiver(port);
    cleanups.push(receiver.close);
    await t.app.outbox.process();
    expect(receiver.received).toHaveLength(0);
    await t.app.db.update(schema.outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    await t.app.outbox.process();
    await t.app.outbox.process();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.valid).toBe(true);
    expect(receiver.received[0]?.headers['webhook-id']).toBe(failed?.id);
    expect(erroring.received[0]?.headers['webhook-id']).toBe(failed?.id);

    const { lead } = await timelineOf(t, 'contacts', id);
    const hooks = lead.timeline.filter((event) => event.type.startsWith('webhook_'));
    expect(hooks.map((event) => event.type)).toEqual([
      'webhook_queued',
      'webhook_failed',
      'webhook_failed',
      'webhook_sent',
    ]);
    expect(hooks[1]?.data).toMatchObject({ attempts: 1 });
    expect(hooks[2]?.data).toMatchObject({ attempts: 2, lastError: 'HTTP 500' });
    expect(lead.notifications.find((n) => n.kind === 'webhook')).toMatchObject({ state: 'sent', attempts: 3 });
  });

  it('adds the fields with WEBHOOK_PAYLOAD=full', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const t = await appFor(receiver.port, { WEBHOOK_PAYLOAD: 'full' });
    await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
    await t.app.outbox.process();
    await t.app.outbox.process();
    const body = JSON.parse(receiver.received[0]?.body ?? '{}') as WebhookBody;
    expect(body.data.fields).toEqual({
      name: CONTACT.name,
      email: CONTACT.email,
      phone: CONTACT.phone,
      subject: CONTACT.subject,
      message: CONTACT.message,
    });
  });

  it('sends nothing for spam, and the event when staff move the lead out of spam', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const t = await appFor(receiver.port, { LEADS_TO: 'leads@agency.test' });
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...CONTACT, hp_website: 'x' } });
    const { id } = res.json<{ id: string }>();
    await t.app.outbox.process();
    expect(receiver.received).toHaveLength(0);

    const { headers } = await timelineOf(t, 'contacts', id);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/contacts/${id}`,
      headers,
      payload: { status: 'contacted' },
    });
    expect(moved.statusCode).toBe(200);
    await t.app.outbox.process();
    await t.app.outbox.process();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]?.body ?? '{}')).toMatchObject({
      type: 'lead.created',
      data: { id, status: 'contacted' },
    });
    const rows = await t.app.db.select().from(schema.outbox).where(eq(schema.outbox.leadId, id));
    expect(rows.map((row) => row.purpose).sort()).toEqual(['notification', 'webhook']);
  });
});

describe('webhook configuration and bodies', () => {
  it('requires WEBHOOK_SECRET for a URL other than Slack, and refuses a malformed URL', () => {
    expect(() => loadConfig({ WEBHOOK_URLS: 'https://example.com/hook', DATA_DIR: '/tmp/x-webhooks' })).toThrow(
      /WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ WEBHOOK_URLS: 'not a url', DATA_DIR: '/tmp/x-webhooks' })).toThrow(/WEBHOOK_URLS/);
    const slackOnly = loadConfig({
      WEBHOOK_URLS: 'https://hooks.slack.com/services/T0/B0/XYZ',
      DATA_DIR: '/tmp/x-webhooks',
    });
    expect(slackOnly.webhooks.urls).toEqual(['https://hooks.slack.com/services/T0/B0/XYZ']);
  });

  it('gives Slack `{ text }` with the link and no personal data unless full', () => {
    const lead = {
      kind: 'contacts' as const,
      id: 'abc',
      createdAt: new Date(),
      status: 'new',
      fields: { name: 'Grace Hopper', email: 'grace@example.com', subject: 'Hi <there>' },
    };
    const config = (payload: 'minimal' | 'full') => ({
      siteUrl: 'https://agency.test',
      webhooks: { urls: ['https://hooks.slack.com/services/T/B/X'], secret: undefined, payload },
    });
    const [minimal] = webhookRows(lead, config('minimal'));
    const text = (JSON.parse(minimal?.body ?? '{}') as { text: string }).text;
    expect(Object.keys(JSON.parse(minimal?.body ?? '{}'))).toEqual(['text']);
    expect(text).toContain('<https://agency.test/admin/leads/contacts/abc|');
    expect(text).not.toContain('grace');
    const [full] = webhookRows(lead, config('full'));
    const fullText = (JSON.parse(full?.body ?? '{}') as { text: string }).text;
    expect(fullText).toContain('Email: grace@example.com');
    expect(fullText).toContain('Subject: Hi &lt;there&gt;');
  });

  it('POSTs Slack only `{ text }`, without webhook-* headers even when WEBHOOK_SECRET is set', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const slack = 'https://hooks.slack.com/services/T0/B0/XYZ';
    const other = `http://127.0.0.1:${receiver.port}/hooks/leads`;
    const config = { urls: [slack, other], secret: KEY, payload: 'minimal' as const };
    // The request the sender builds for hooks.slack.com goes to the local receiver instead: nothing leaves.
    const toReceiver: typeof fetch = (input, init) => {
      const url = new URL(String(input));
      return fetch(url.host === 'hooks.slack.com' ? `${other.replace('/hooks/leads', '')}${url.pathname}` : url, init);
    };
    const send = createWebhookSender(config, toReceiver);
    const lead = { kind: 'quotes' as const, id: 'q-1', createdAt: new Date(), status: 'new', fields: { region: 'uk' } };
    const rows = webhookRows(lead, { siteUrl: 'https://agency.test', webhooks: config });
    for (const [index, row] of rows.entries()) await send({ id: `msg_${index}`, url: row.to, body: row.body });

    expect(receiver.received.map((delivery) => delivery.url)).toEqual(['/services/T0/B0/XYZ', '/hooks/leads']);
    const [toSlack, toOther] = receiver.received;
    expect(toSlack?.headers['content-type']).toBe('application/json');
    expect(Object.keys(toSlack?.headers ?? {}).filter((name) => name.startsWith('webhook-'))).toEqual([]);
    const body = JSON.parse(toSlack?.body ?? '{}') as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['text']);
    expect(body.text).toContain('New quote request (United Kingdom): <https://agency.test/admin/leads/quotes/q-1|');
    // The same sender signs what goes to any other URL.
    expect(toOther?.headers['webhook-id']).toBe('msg_1');
    expect(toOther?.valid).toBe(true);
  });
});
