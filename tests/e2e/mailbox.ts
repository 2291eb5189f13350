// A real SMTP server on E2E_SMTP_PORT (the browser tests' server sends there) for the specs that read the
// mail the site sends. It listens only while the calling spec file runs.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
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
  let smtp: SMTPServer;
  test.beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
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
    await new Promise<void>((resolve, reject) => {
      smtp.server.once('error', reject);
      smtp.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', () => resolve());
    });
    expect((smtp.server.address() as AddressInfo).port).toBe(Number(process.env.E2E_SMTP_PORT));
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  return mails;
}
