// What the log says (issue 30 point 8): a mail the SMTP server refuses logs one line naming the outbox row, its
// purpose, the lead, a hash of the recipient, the SMTP code and the attempt (never the address); a request logs
// one line at info, not two.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { CONTACT } from '../../test/lead-fixtures.ts';

const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
    callback();
  },
});

let t: TestApp;
let smtp: SMTPServer;
beforeAll(async () => {
  // A mail server that refuses every recipient with 550.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, LEADS_TO: 'leads@agency.test', MAIL_FROM: 'Site <site@agency.test>' },
    { logStream: stream },
  );
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('the log of the outbox and of requests', () => {
  it('logs one line per failed mail with its row, purpose, lead, hashed recipient, SMTP code and attempt', async () => {
    const posted = await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT });
    expect(posted.statusCode).toBe(201);
    const leadId = posted.json().id as string;
    await t.app.outbox.process();
    const failures = lines.filter((line) => line.msg === 'outbox: mail failed');
    // The agency's notification and the visitor's confirmation, each refused once.
    expect(failures.map((line) => line.purpose).sort()).toEqual(['confirmation', 'notification']);
    const confirmation = failures.find((line) => line.purpose === 'confirmation')!;
    expect(confirmation).toMatchObject({
      level: 40,
      leadId,
      leadKind: 'contacts',
      smtpCode: 550,
      attempt: 1,
      recipientHash: createHash('sha256').update(CONTACT.email).digest('hex').slice(0, 16),
    });
    expect(confirmation.outboxId).toMatch(/^[0-9a-f-]{36}$/);
    const text = JSON.stringify(lines);
    expect(text).not.toContain(CONTACT.email);
    expect(text).not.toContain('leads@agency.test');
  });

  it('logs one line per request at info', async () => {
    lines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/health?probe=1' });
    expect(response.statusCode).toBe(200);
    const about = lines.filter((line) => line.reqId === response.headers['x-request-id'] && line.level === 30);
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({ req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 } });
    expect(typeof about[0]!.responseTime).toBe('number');
  });
});
