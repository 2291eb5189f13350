// Issue 32, point 1, against a real IMAP server (dovecot, test/dovecot.ts) and a real SMTP server: a reply goes out
// with its Message-ID and the mailbox as Reply-To; the visitor's answer appended with In-Reply-To is filed on the
// lead within seconds, with its attachment, and the mailbox keeps it (seen, in Filed); a second copy is not filed
// again; an unmatched message is left alone and counted; a message over the limit is left and counted; the server
// stopped is shown on the dashboard, and once it is back an answer found by its plus tag is filed. Our reply to the
// answer carries In-Reply-To and References, so the visitor's mail program threads it; the person's access export
// holds the answer's file.
import { and, eq, schema } from '@agency/db';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount } from '../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startDovecot, type TestDovecot } from '../../test/dovecot.ts';
import { CONTACT, PDF } from '../../test/lead-fixtures.ts';
import { plain, startSmtp, type TestSmtp } from '../../test/smtp.ts';
import { readZip } from '../../test/zip.ts';

let t: TestApp;
let smtp: TestSmtp;
let imap: TestDovecot;
let admin: { authorization: string };

const MAILBOX = 'inbound@agency.test';
/** Long enough for a loaded CI machine, far from what a healthy watcher needs (well under a second). */
const WITHIN = { timeout: 15_000, interval: 100 };

beforeAll(async () => {
  imap = await startDovecot();
  smtp = await startSmtp();
  t = await createTestApp(
    {
      INBOUND_IMAP_URL: imap.url,
      INBOUND_ADDRESS: MAILBOX,
      INBOUND_PLUS_ADDRESSING: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LEADS_TO: 'leads@agency.test',
      SITE_URL: 'https://agency.test',
    },
    {
      inboundTimings: {
        reconnectMinMs: 100,
        reconnectMaxMs: 400,
        leaseEveryMs: 200,
        pollEveryMs: 1000,
        connectTimeoutMs: 2000,
        maxMessageBytes: 200_000,
      },
    },
  );
  admin = { authorization: `Bearer ${(await createAccount(t.app, 'admin', 'Alice Admin')).accessToken}` };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await imap?.close();
});

/** A client of the test's own, as the visitor's mail server would deliver into the mailbox. */
async function withMailbox<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: imap.port,
    secure: false,
    auth: { user: imap.user, pass: imap.pass },
    logger: false,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout();
  }
}

async function mime(options: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new MailComposer(options).compile().build();
}

const deliver = (raw: Buffer) => withMailbox((client) => client.append('INBOX', raw));

const folders = () =>
  withMailbox(async (client) => {
    const count = async (path: string) => {
      const status = await client.status(path, { messages: true, unseen: true });
      return status ? { messages: status.messages, unseen: status.unseen } : { messages: 0, unseen: 0 };
    };
    const inbox = await count('INBOX');
    const filed = (await client.list()).some((box) => box.path === 'Filed')
      ? await count('Filed')
      : { messages: 0, unseen: 0 };
    return { inbox: inbox.messages, inboxUnseen: inbox.unseen, filed: filed.messages, filedUnseen: filed.unseen };
  });

type Event = { type: string; data: Record<string, unknown> };
const leadOf = async (id: string) =>
  (await t.app.inject({ url: `/api/admin/contacts/${id}`, headers: admin })).json<{ timeline: Event[] }>();
const answersOf = async (id: string) => {
  const rows = await t.app.db
    .select({ data: schema.leadEvents.data })
    .from(schema.leadEvents)
    .where(and(eq(schema.leadEvents.leadId, id), eq(schema.leadEvents.type, 'reply_received')));
  return rows.map((row) => row.data);
};
const inboundStatus = async () =>
  (await t.app.inject({ url: '/api/admin/stats', headers: admin })).json<{
    inbound: { state: string; lastError: string | null; filed: number; unmatched: number; tooLarge: number };
  }>().inbound;
const unreadOf = async (id: string) => {
  const inbox = await t.app.inject({ url: '/api/admin/leads?kind=contacts', headers: admin });
  return inbox.json<{ items: { id: string; unread: boolean }[] }>().items.find((item) => item.id === id)?.unread;
};

const headerOf = (data: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'mi').exec(plain(data).split('\r\n\r\n')[0] ?? '')?.[1]?.trim();

let leadId: string;
let answer: Buffer;
/** Our first reply's outbox row: the answer's In-Reply-To and References name it. */
let firstReplyId: string;

describe('answers come back onto the lead from the mailbox', () => {
  it('a reply goes out with its own Message-ID and the mailbox, plus-addressed with the lead, as Reply-To', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
    expect(res.statusCode).toBe(201);
    leadId = res.json<{ id: string }>().id;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${leadId}/reply`,
      headers: admin,
      payload: { subject: 'Your network, {firstName}', text: 'Hello {firstName}, shall we meet on Monday?' },
    });
    expect(sent.statusCode).toBe(202);
    const { outboxId } = sent.json<{ outboxId: string }>();
    firstReplyId = outboxId;
    await t.app.outbox.process();
    const mail = smtp.received.find((received) => plain(received.data).includes('Subject: Your network, Grace'));
    const token = `c${leadId.replace(/-/g, '')}`;
    expect(headerOf(mail!.data, 'Reply-To')).toBe(`inbound+${token}@agency.test`);
    expect(headerOf(mail!.data, 'Message-ID')).toBe(`<${outboxId}@agency.test>`);
    // The visitor's confirmation also comes back to the mailbox.
    const confirmation = smtp.received.find((received) =>
      plain(received.data).includes('We have received your message'),
    );
    expect(headerOf(confirmation!.data, 'Reply-To')).toBe(`inbound+${token}@agency.test`);

    // The visitor answers from their mail program: In-Reply-To names the reply, the history is quoted below.
    answer = await mime({
      from: 'Grace Hopper <grace@example.com>',
      to: MAILBOX,
      subject: 'Re: Your network, Grace',
      messageId: '<answer-1@example.com>',
      inReplyTo: `<${outboxId}@agency.test>`,
      references: [`<${outboxId}@agency.test>`],
      text: 'Monday suits me, 10am.\n\nOn Fri, 27 Nov 2026 at 10:00, Agency <no-reply@localhost> wrote:\n> Hello Grace, shall we meet on Monday?\n',
      attachments: [{ filename: 'floor plan.pdf', content: PDF, contentType: 'application/octet-stream' }],
    });
    await deliver(answer);

    const filed = await vi.waitFor(async () => {
      const answers = await answersOf(leadId);
      expect(answers).toHaveLength(1);
      return answers[0]!;
    }, WITHIN);
    expect(filed).toMatchObject({
      messageId: '<answer-1@example.com>',
      from: 'grace@example.com',
      subject: 'Re: Your network, Grace',
      text: 'Monday suits me, 10am.',
    });
    const attachments = filed.attachments as { id: string; fileName: string; size: number }[];
    expect(attachments).toEqual([{ id: expect.any(String), fileName: 'floor plan.pdf', size: PDF.length }]);
    const file = await t.app.inject({
      url: `/api/admin/contacts/${leadId}/attachments/${attachments[0]!.id}`,
      headers: admin,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    // Kept in the mailbox, seen, in Filed; the inbox (LEADS_TO, as nobody owns the lead) is told.
    await vi.waitFor(
      async () => expect(await folders()).toEqual({ inbox: 0, inboxUnseen: 0, filed: 1, filedUnseen: 0 }),
      WITHIN,
    );
    const notice = await t.app.db
      .select({ to: schema.outbox.to, subject: schema.outbox.subject })
      .from(schema.outbox)
      .where(and(eq(schema.outbox.leadId, leadId), eq(schema.outbox.purpose, 'notification')));
    expect(notice).toContainEqual({
      to: 'leads@agency.test',
      subject: 'Answer from Grace Hopper: Re: Your network, Grace',
    });

    // Unread in the inbox until someone opens the lead.
    expect(await unreadOf(leadId)).toBe(true);
    expect((await leadOf(leadId)).timeline.at(-1)?.type).toBeDefined();
    expect(await unreadOf(leadId)).toBe(false);
  });

  it('files the same Message-ID once: a second copy is put away with the first, the timeline unchanged', async () => {
    await deliver(answer);
    await vi.waitFor(async () => expect(await folders()).toMatchObject({ inbox: 0, filed: 2 }), WITHIN);
    expect(await answersOf(leadId)).toHaveLength(1);
    expect((await inboundStatus()).filed).toBe(1);
  });

  it('our reply to the answer names it: In-Reply-To its Message-ID, References the whole thread', async () => {
    const reply = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/admin/contacts/${leadId}/reply`, headers: admin, payload });
    const base = { subject: 'Re: Your network, Grace', text: 'Monday at 10 it is.' };

    // Only an answer filed on this lead can be answered; the 400 names the field.
    const unknown = await reply({ ...base, inReplyTo: '<someone-else@example.com>' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json<{ fields: Record<string, string> }>().fields)).toEqual(['inReplyTo']);
    const malformed = await reply({ ...base, inReplyTo: 'answer-1@example.com\r\nBcc: x@example.org' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json<{ fields: Record<string, string> }>().fields)).toEqual(['inReplyTo']);

    const sent = await reply({ ...base, inReplyTo: '<answer-1@example.com>' });
    expect(sent.statusCode).toBe(202);
    const { outboxId } = sent.json<{ outboxId: string }>();
    await t.app.outbox.process();
    const raw = smtp.received.find((received) => received.data.includes(`<${outboxId}@agency.test>`));
    expect(raw).toBeDefined();
    // Read as the visitor's mail program reads it.
    const mail = await simpleParser(raw!.data);
    expect(mail.messageId).toBe(`<${outboxId}@agency.test>`);
    expect(mail.inReplyTo).toBe('<answer-1@example.com>');
    expect(mail.references).toEqual([`<${firstReplyId}@agency.test>`, '<answer-1@example.com>']);
    expect(mail.text?.trim()).toBe('Monday at 10 it is.');

    // A reply not started from an answer carries neither header.
    const fresh = await reply({ subject: 'Directions', text: 'The office is on the second floor.' });
    expect(fresh.statusCode).toBe(202);
    await t.app.outbox.process();
    const plainReply = await simpleParser(
      smtp.received.find((received) => received.data.includes(`<${fresh.json<{ outboxId: string }>().outboxId}@`))!
        .data,
    );
    expect(plainReply.inReplyTo).toBeUndefined();
    expect(plainReply.references).toBeUndefined();
  });

  it("the person's access export holds the files of their answers, as it holds a CV", async () => {
    const res = await t.app.inject({ url: '/api/admin/privacy/export?email=Grace@example.com', headers: admin });
    expect(res.statusCode).toBe(200);
    const entries = readZip(res.rawPayload);
    const records = JSON.parse(entries.find((entry) => entry.name === 'records.json')!.data.toString('utf8'));
    const [contact] = records.contacts as { id: string; answerFiles: Record<string, unknown>[] }[];
    expect(contact?.id).toBe(leadId);
    expect(contact?.answerFiles).toEqual([
      expect.objectContaining({ fileName: 'floor plan.pdf', fileType: 'application/pdf', fileSize: PDF.length }),
    ]);
    expect(contact?.answerFiles[0]).not.toHaveProperty('fileKey');
    const file = entries.find((entry) => entry.name === contact?.answerFiles[0]?.file);
    expect(file?.name).toMatch(/^files\/contacts-.*floor plan\.pdf$/);
    expect(file?.data.equals(PDF)).toBe(true);
  });

  it('leaves a message no lead matches where it is, unread, and counts it', async () => {
    await deliver(
      await mime({ from: 'stranger@example.org', to: MAILBOX, subject: 'Partnership?', text: 'Hello there.' }),
    );
    await vi.waitFor(async () => expect((await inboundStatus()).unmatched).toBe(1), WITHIN);
    expect(await folders()).toMatchObject({ inbox: 1, inboxUnseen: 1, filed: 2 });
  });

  it('leaves a message over the size limit, and counts it on the dashboard', async () => {
    await deliver(
      await mime({
        from: 'grace@example.com',
        to: MAILBOX,
        subject: 'Big',
        text: 'x',
        attachments: [{ filename: 'big.bin', content: Buffer.alloc(300_000, 1) }],
      }),
    );
    await vi.waitFor(async () => expect((await inboundStatus()).tooLarge).toBe(1), WITHIN);
    expect(await folders()).toMatchObject({ inbox: 2, filed: 2 });
    expect(await answersOf(leadId)).toHaveLength(1);
  });

  it('shows the mailbox down on the dashboard while the server is stopped, and files again once it is back', async () => {
    await imap.stop();
    const down = await vi.waitFor(async () => {
      const status = await inboundStatus();
      expect(status.state).toBe('failing');
      return status;
    }, WITHIN);
    expect(down.lastError).toMatch(/ECONNREFUSED|closed/);
    await imap.start();
    // Found by the plus tag alone: another address, no In-Reply-To.
    await deliver(
      await mime({
        from: 'Grace at work <g.hopper@work.example>',
        to: `inbound+c${leadId.replace(/-/g, '')}@agency.test`,
        subject: 'One more thing',
        text: 'Can we make it 11am?',
      }),
    );
    await vi.waitFor(async () => expect(await answersOf(leadId)).toHaveLength(2), WITHIN);
    expect((await answersOf(leadId))[1]).toMatchObject({ from: 'g.hopper@work.example', text: 'Can we make it 11am?' });
    await vi.waitFor(async () => expect((await inboundStatus()).state).toBe('ok'), WITHIN);
  });
});
