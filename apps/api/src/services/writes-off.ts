// The site's writes taken off for a move (issue 30 point 3, decision 0027): one row in app_settings, so every
// instance sees it and it survives restarts until lifted. The row names the database it was set in (the
// cluster's system identifier and the database's name): an archive carries the row to the new server, where it
// names another database and is ignored, so a restored system takes writes at once.
import { type Db, sql } from '@agency/db';

export const WRITES_OFF_KEY = 'writes_off';

export interface WritesOff {
  since: string;
  reason: string;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** This database: its cluster's system identifier and its name, which a restore onto another one never has. */
async function databaseIdentity(db: Db): Promise<string> {
  const [row] = rowsOf(
    await db.execute(sql`select system_identifier::text || '/' || current_database() as id from pg_control_system()`),
  );
  return String(row?.id);
}

/** The writes-off state of this database, or null when the site takes writes. */
export async function readWritesOff(db: Db): Promise<WritesOff | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select value from app_settings
      where key = ${WRITES_OFF_KEY}
        and value->>'database' = (select system_identifier::text || '/' || current_database() from pg_control_system())
    `),
  );
  if (!row) return null;
  const value = (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as Record<string, unknown>;
  return { since: String(value.since), reason: String(value.reason ?? '') };
}

/** Takes the writes off (kept when already off); answers the state. */
export async function takeWritesOff(db: Db, reason: string): Promise<WritesOff> {
  const database = await databaseIdentity(db);
  const value = { since: new Date().toISOString(), reason, database };
  await db.execute(sql`
    insert into app_settings (key, value) values (${WRITES_OFF_KEY}, ${JSON.stringify(value)}::jsonb)
    on conflict (key) do update set value = excluded.value, updated_at = now()
      where app_settings.value->>'database' is distinct from ${database}
  `);
  return (await readWritesOff(db)) ?? { since: value.since, reason };
}

/** Lifts the writes-off state; answers whether it was set. */
export async function liftWritesOff(db: Db): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`delete from app_settings where key = ${WRITES_OFF_KEY} returning key`));
  return rows.length > 0;
}
