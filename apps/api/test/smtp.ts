// A real SMTP server (smtp-server) on 127.0.0.1 for the tests that send mail: what it received and where it
// listens. Plain SMTP on localhost; a self-signed STARTTLS would only test certificate handling.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message as it arrived (quoted-printable where the mailer chose it: read it through `plain`). */
  data: string;
}

export interface TestSmtp {
  received: ReceivedMail[];
  port: number;
  close: () => Promise<void>;
}

/** `port` 0 takes a free one; `answerAfterMs` holds each answer back, for tests that need slow delivery. */
export async function startSmtp({ port = 0, answerAfterMs = 0 } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        setTimeout(callback, answerAfterMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    received,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable soft line breaks and escapes undone, so a test can look for plain text. */
export const plain = (data: string) =>
  data.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
