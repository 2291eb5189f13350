// At most one visitor confirmation per recipient address per CONFIRMATION_MAIL_INTERVAL_HOURS: whoever
// types somebody else's address into a form can send them one short, fixed text a day, not a stream.
import { type Db, sql } from '@agency/db';
import type { SQL } from 'drizzle-orm';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Any fixed number: with the address's hash, the advisory lock that serialises two leads to one address. */
const CONFIRMATION_LOCK = 7_391_103;

/** The form of an address the limit compares: the same mailbox whatever its case or spaces. */
export const confirmationAddress = (to: string) => to.trim().toLowerCase();

/**
 * SQL that is true when `address` (an expression giving a `confirmationAddress`) had no confirmation queued
 * within `intervalHours`. It is checked in the statement that queues the confirmation, so on PGlite (one
 * statement at a time) nothing can come between the check and the insert; on PostgreSQL that statement
 * must run after `lockConfirmations` in the same transaction.
 */
export function noRecentConfirmation(address: SQL, intervalHours: number): SQL {
  return sql`not exists (
    select 1 from outbox
    where purpose = 'confirmation' and lower("to") = ${address}
      and created_at > now() - ${intervalHours}::int * interval '1 hour'
  )`;
}

/**
 * PostgreSQL: takes the lock of each address in the transaction `tx`, so two leads to one address at once
 * are checked one after the other (the second sees the first's confirmation). Sorted, so two leads cannot
 * wait for each other.
 */
export async function lockConfirmations(tx: Tx, addresses: string[]): Promise<void> {
  for (const address of [...new Set(addresses)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONFIRMATION_LOCK}, hashtext(${address}))`);
  }
}
