// At most one visitor confirmation per recipient address per CONFIRMATION_MAIL_INTERVAL_HOURS: whoever
// types somebody else's address into a form can send them one short, fixed text a day, not a stream.
import { type Db, sql } from '@agency/db';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Any fixed number: with the address's hash, the advisory lock that serialises two leads to one address. */
const CONFIRMATION_LOCK = 7_391_103;

/** The form of an address the limit compares: the same mailbox whatever its case or spaces. */
export const confirmationAddress = (to: string) => to.trim().toLowerCase();

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
