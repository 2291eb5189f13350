// Mail delivery as the lead page shows it: each notification's state and the mail_* events, over a real SMTP
// server that is down first, then up; a resend goes out again.
import type { LeadDetail } from '@agency/contract';
import { schema, sql } from '@agency/db';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccount } from '../../../test/auth-fixtures.ts';
import { createTestApp } from '../../../test/app.ts';
import { CONTACT } from '../../../test/lead-fixtures.ts';
import { startSmtp } from '../../../test/smtp.ts';

vi.setConfig({ testTimeout: 120_000 });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

describe('mail delivery on the lead page', () => {
  it('shows retrying with the error while SMTP is down, sent once it is back, and a resend goes out again', async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, LEADS_TO: 'leads@agency.test' });
    cleanups.push(() => t.close());
    const account = await createAccount(t.app, 'admin', 'Dana Admin');
    const headers = { authorization: `Bearer ${account.accessToken}` };
    const detail = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/contacts/${id}`, headers })).json<LeadDetail>();
    const due = () => t.app.db.update(schema.outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });

    const { id } = (await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT })).json<{
      id: string;
    }>();
    await t.app.outbox.process();
    let lead = await detail(id);
    const notification = lead.notifications.find((n) => n.kind === 'notification');
    expect(notification).toMatchObject({ state: 'retrying', attempts: 1, target: 'leads@agency.test' });
    expect(notification?.lastError).toMatch(/ECONNREFUSED|connect/i);
    const failed = lead.timeline.filter((event) => event.type === 'mail_failed');
    expect(failed).toHaveLength(2);
    expect(failed.find((event) => event.data.purpose === 'notification')).toMatchObject({
      actor: null,
      data: { attempts: 1, to: 'leads@agency.test', lastError: notification?.lastError },
    });

    const smtp = await startSmtp({ port });
    cleanups.push(smtp.close);
    await due();
    await t.app.outbox.process();
    lead = await detail(id);
    expect(lead.notifications.map((n) => [n.kind, n.state, n.attempts]).sort()).toEqual([
      ['confirmation', 'sent', 2],
      ['notification', 'sent', 2],
    ]);
    expect(lead.timeline.filter((event) => event.type === 'mail_sent')).toHaveLength(2);
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([CONTACT.email, 'leads@agency.test']);

    const resend = await t.app.inject({ method: 'POST', url: `/api/admin/contacts/${id}/resend`, headers });
    expect(resend.statusCode).toBe(202);
    await t.app.outbox.process();
    await t.app.outbox.process();
    expect(smtp.received.flatMap((mail) => mail.to).filter((to) => to === 'leads@agency.test')).toHaveLength(2);
    lead = await detail(id);
    expect(lead.timeline.map((event) => event.type).slice(-2)).toEqual(['mail_queued', 'mail_sent']);
    expect(lead.timeline.at(-2)?.actor).toEqual({ id: account.id, name: 'Dana Admin' });
  });
});
