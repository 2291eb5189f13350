// For the atomicity tests of a workflow (issue 33 point 3): the audit entry of one action fails as it is written,
// as a lost connection or a full disk would in the middle of the workflow. A trigger on audit_log refuses it, so
// the test then sees whether the writes made before it in the same workflow were undone.
import { sql, type Db } from '@agency/db';

/** Until the answered function is called, writing an audit entry of `action` fails. */
export async function failAuditOf(db: Db, action: string): Promise<() => Promise<void>> {
  const name = `test_fail_${action.replace(/[^a-z0-9]/gi, '_')}`;
  await db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin raise exception 'audit entry refused by the test'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before insert on audit_log for each row
      when (new.action = '${action.replace(/'/g, "''")}') execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on audit_log`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}
