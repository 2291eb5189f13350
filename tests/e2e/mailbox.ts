// A real SMTP server on E2E_SMTP_PORT (the browser tests' server sends there) for the specs that read the
// mail the site sends, or that need a mail server that refuses it. It listens only while the calling spec
// file runs.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { expect, test } from './fixtures.ts';

export interface Mail {
  to: string[];
  text: string;
}

/** Quoted-printable soft breaks and escapes undone, so the test reads the text as sent. */
const plain = (data: string) =>
  data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Starts the server around the calling spec file; returns the list its mail arrives in. */
export function collectMail(): Mail[] {
  const mails: Mail[] = [];
  listenAroundFile({
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          text: plain(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  return mails;
}

/**
 * A mail server that is up but refuses every recipient with `reply` (e.g. "550 5.2.2 Mailbox full"), around
 * the calling spec file: the site's mail fails with the server's words and is retried.
 */
export function refuseMail(reply: string) {
  const [, code, text] = /^(\d{3}) (.+)$/.exec(reply) ?? [];
  if (!code || !text) throw new Error(`not an SMTP reply: ${reply}`);
  listenAroundFile({
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error(text), { responseCode: Number(code) }));
    },
  });
}

function listenAroundFile(options: SMTPServerOptions) {
  let smtp: SMTPServer;
  test.beforeAll(async () => {
    smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false, ...options });
    await new Promise<void>((resolve, reject) => {
      smtp.server.once('error', reject);
      smtp.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', () => resolve());
    });
    expect((smtp.server.address() as AddressInfo).port).toBe(Number(process.env.E2E_SMTP_PORT));
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
}
