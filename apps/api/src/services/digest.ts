// The staff digest: each morning at DIGEST_HOUR in TIME_ZONE, every admin and sales account that has not turned
// it off and has follow-ups due today (or overdue), or sees `new` leads left unassigned for more than a day or
// leads held as possible spam since the last digest, gets ONE mail.
// Every instance checks; the first to claim the day in daily_runs sends, so the cluster sends once a day.
import {
  DIGEST_HOUR,
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_OWNER_ROLES,
  leadAdminPath,
  type LeadKind,
  NEW_STATUS,
  UNASSIGNED_AFTER_HOURS,
} from '@agency/contract';
import { and, type Db, eq, inArray, schema, sql } from '@agency/db';
import { digestMail, queueAccountMail } from './account-mail.ts';
import type { MailSite } from './site-details.ts';
import { endOfToday, heldAsSpam, rowsOf } from './lead-desk.ts';
import { tableOf } from './lead-admin.ts';

export interface DigestConfig {
  timeZone: string;
  siteUrl: string;
}

export type DigestRun =
  { status: 'not-yet' } | { status: 'already-sent'; day: string } | { status: 'sent'; day: string; mails: number };

/** The date (YYYY-MM-DD) and hour at `now` in `timeZone`. */
export function localTime(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

interface DueRow {
  kind: LeadKind;
  id: string;
  owner_id: string;
  follow_up_at: Date | string;
  follow_up_note: string | null;
  name: string;
}

/**
 * One check: before DIGEST_HOUR nothing; after it, the first call of the day (on any instance) claims the day
 * and queues the mails in the same transaction; later calls that day do nothing.
 */
/** `mailSite`: the site as published (services/site-details.ts currentMailSite), read once per run from 09:00, before
 * its transaction (the documents in memory may read the database, which the transaction holds on PGlite). */
export async function runDigest(
  db: Db,
  config: DigestConfig,
  mailSite: () => Promise<MailSite>,
  now = new Date(),
): Promise<DigestRun> {
  const { day, hour } = localTime(now, config.timeZone);
  if (hour < DIGEST_HOUR) return { status: 'not-yet' };
  const site = await mailSite();
  return db.transaction(async (tx) => {
    // Before this run claims the day: what was held as spam since the last digest went out.
    const held = await heldAsSpam(tx as unknown as Db, now);
    const claimed = await tx
      .insert(schema.dailyRuns)
      .values({ job: 'digest', day })
      .onConflictDoNothing()
      .returning({ day: schema.dailyRuns.day });
    if (claimed.length === 0) return { status: 'already-sent', day } as const;
    const staff = await tx
      .select({ id: schema.users.id, name: schema.users.name, email: schema.users.email })
      .from(schema.users)
      .where(and(inArray(schema.users.role, [...LEAD_OWNER_ROLES]), eq(schema.users.digestMail, true)));
    if (staff.length === 0) return { status: 'sent', day, mails: 0 } as const;
    const due = await rowsOf<DueRow>(
      tx as unknown as Db,
      sql.join(
        LEAD_KINDS.map(
          (kind) => sql`select ${kind}::text as kind, id, owner_id, follow_up_at, follow_up_note,
            ${sql.identifier(kind === 'quotes' ? 'full_name' : 'name')} as name from ${tableOf(kind)}
            where owner_id is not null and follow_up_at is not null and status <> 'spam'
              and follow_up_at < ${endOfToday(config.timeZone)}`,
        ),
        sql` union all `,
      ),
    );
    const unassigned = await rowsOf<{ kind: LeadKind; n: number | string }>(
      tx as unknown as Db,
      sql.join(
        LEAD_KINDS.map(
          (kind) => sql`select ${kind}::text as kind, count(*) as n from ${tableOf(kind)}
            where status = ${NEW_STATUS} and owner_id is null
              and created_at < now() - make_interval(hours => ${UNASSIGNED_AFTER_HOURS})`,
        ),
        sql` union all `,
      ),
    );
    const waiting = unassigned.filter((row) => Number(row.n) > 0);
    let mails = 0;
    for (const person of staff) {
      const mine = due
        .filter((row) => row.owner_id === person.id)
        .sort((a, b) => new Date(a.follow_up_at).getTime() - new Date(b.follow_up_at).getTime());
      if (mine.length === 0 && waiting.length === 0 && held.count === 0) continue;
      const lines = [`Hello ${person.name},`, ''];
      if (mine.length > 0) {
        lines.push(`Follow-ups due today or overdue (${mine.length}):`);
        for (const row of mine) {
          const at = new Date(row.follow_up_at).toLocaleString('en-GB', {
            timeZone: config.timeZone,
            dateStyle: 'medium',
            timeStyle: 'short',
          });
          const note = row.follow_up_note ? ` — ${row.follow_up_note.replace(/\s+/g, ' ')}` : '';
          lines.push(`- ${at}: ${row.name}${note}`, `  ${config.siteUrl}${leadAdminPath(row.kind, row.id)}`);
        }
        lines.push('');
      }
      if (waiting.length > 0) {
        lines.push(`New leads nobody has taken for more than ${UNASSIGNED_AFTER_HOURS} hours:`);
        for (const row of waiting) lines.push(`- ${LEAD_KIND_LABELS[row.kind]}: ${Number(row.n)}`);
        lines.push(`  ${config.siteUrl}/admin/leads`, '');
      }
      if (held.count > 0) {
        lines.push(
          `Held as possible spam since the last digest: ${held.count} (a form sent without JavaScript is held too; look before it is lost):`,
          `  ${config.siteUrl}${held.path}`,
          '',
        );
      }
      lines.push(`You can turn this mail off on your account page: ${config.siteUrl}/admin/account`);
      // Named and signed with the site's details as published, read once for the run.
      await queueAccountMail(tx, digestMail(site, person, mine.length, lines));
      mails++;
    }
    return { status: 'sent', day, mails } as const;
  });
}
