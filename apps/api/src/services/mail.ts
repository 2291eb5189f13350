// Sends one plain-text mail over SMTP (nodemailer); resolves only when the server accepted it.
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where the recipient's Reply goes (the visitor on a notification, the staff member on a reply). */
  replyTo?: string | null;
  /** `<id@domain>`: a mail about a lead names its outbox row, so an answer's In-Reply-To finds the lead. */
  messageId?: string | undefined;
  /** A reply to a visitor's answer: that answer's Message-ID, and the References chain ending with it. */
  inReplyTo?: string | null | undefined;
  references?: string | null | undefined;
}

export interface MailSender {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A hung mail server must not hold the outbox worker for minutes (nodemailer waits 2 min by default).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send({ to, subject, text, replyTo, messageId, inReplyTo, references }) {
      const info = await transport.sendMail({
        from,
        to,
        subject,
        text,
        ...(replyTo ? { replyTo } : {}),
        ...(messageId ? { messageId } : {}),
        ...(inReplyTo ? { inReplyTo } : {}),
        ...(references ? { references } : {}),
      });
      if (info.accepted.length === 0) {
        throw new Error(`The mail server did not accept the recipient ${to}: ${String(info.response ?? '')}`);
      }
    },
    close: () => transport.close(),
  };
}
