// The SMTP server the deploy tests (move-under-load-test.mjs, rolling-upgrade-test.mjs) mail to. It keeps a
// fingerprint of every message, so a test finds any mail sent twice and holds the outbox against what arrived.
import { createHash } from 'node:crypto';
import { SMTPServer } from 'smtp-server';

export async function startMailSink(port) {
  const received = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const data = Buffer.concat(chunks).toString('utf8');
        // The same mail twice has the same recipients, subject and body; Message-ID and Date differ per send.
        const body = data.slice(data.indexOf('\r\n\r\n'));
        const subject = /^Subject: (.*)$/m.exec(data)?.[1] ?? '';
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        received.push(createHash('sha256').update(`${to}\n${subject}\n${body}`).digest('hex'));
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    /** Calls `fail` unless nothing is pending and every sent outbox row arrived, each once. */
    async checkOutbox(db, fail) {
      const { rows: outbox } = await db.query(
        'select count(*) filter (where sent_at is not null)::int as sent, count(*) filter (where sent_at is null)::int as pending from outbox',
      );
      const distinct = new Set(received).size;
      if (outbox[0].pending > 0) fail(`${outbox[0].pending} mails still pending`);
      if (distinct !== received.length) fail(`${received.length - distinct} mails were sent twice`);
      if (received.length !== outbox[0].sent)
        fail(`the SMTP server got ${received.length} mails for ${outbox[0].sent} sent outbox rows`);
      if (distinct === received.length && received.length === outbox[0].sent) {
        console.log(`  ${received.length} mails received, each once, one per sent outbox row`);
      }
    },
    close: () => new Promise((resolve) => smtp.close(resolve)),
  };
}
