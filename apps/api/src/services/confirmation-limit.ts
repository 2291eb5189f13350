// At most one visitor confirmation per recipient address per CONFIRMATION_MAIL_INTERVAL_HOURS: whoever
// types somebody else's address into a form can send them one short, fixed text a day, not a stream.
import { type Db, sql } from '@agency/db';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Any fixed number: with the address's hash, the advisory lock that serialises two leads to one address. */
const CONFIRMATION_LOCK = 7_391_103;

/**
 * `rows` without the confirmations whose recipient already had one queued within `intervalHours`.
 * Runs in the lead's transaction; the lock makes two leads at once for one address send one mail.
 */
export async function withoutRecentConfirmations<R extends { purpose: string; to: string }>(
  tx: Tx,
  rows: R[],
  intervalHours: number,
): Promise<R[]> {
  const kept: R[] = [];
  for (const row of rows) {
    if (row.purpose !== 'confirmation') {
      kept.push(row);
      continue;
    }
    const address = row.to.trim().toLowerCase();
    await tx.execute(sql`select pg_advisory_xact_lock(${CONFIRMATION_LOCK}, hashtext(${address}))`);
    const recent = (await tx.execute(sql`
      select 1 from outbox
      where purpose = 'confirmation' and lower("to") = ${address}
        and created_at > now() - ${intervalHours}::int * interval '1 hour'
      limit 1
    `)) as unknown as { rows: unknown[] };
    if (recent.rows.length === 0) kept.push(row);
  }
  return kept;
}
