// A backup never stalls the site (issue 30 point 6): on the embedded database every query runs on the server's own
// thread, so the dump goes in pages with the event loop turning between them. While a backup of a few thousand
// leads and some files runs, the main thread never runs for long without letting a 10 ms timer fire. Measured as
// the main thread's own CPU time between two turns of the timer (a loaded CI machine makes timers late, not that),
// and as the timer's lateness, with a bound generous enough for a loaded machine. One query for a whole table (or
// information_schema's column view, 200-450 ms on PGlite) fails it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { watchLoop } from '../../test/event-loop-watch.ts';
import { createBackup } from './backup.ts';

const LEADS = 3000;
const FILES = 40;
/** The longest the main thread may run without letting the timer fire: a page's query takes ~10-50 ms. */
const BLOCK_MS = 100;
/** The timer's worst lateness, machine load included: generous, for a CI machine running other tests. */
const LATE_MS = 1500;

describe('a backup on the embedded database', () => {
  let t: TestApp;
  const outDir = mkdtempSync(path.join(tmpdir(), 'agency-backup-lag-'));
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.database.run(sql`insert into contacts (name, email, phone, subject, message)
      select 'Visitor ' || i, 'visitor' || i || '@example.com', '07700900123', 'Subject ' || i,
        repeat('A message about a network. ', 80)
      from generate_series(1, ${LEADS}) i`);
    await t.app.database.run(sql`insert into lead_events (lead_kind, lead_id, type, data)
      select 'contacts', id, 'received', '{}'::jsonb from contacts`);
    for (let i = 0; i < FILES; i++) await t.app.storage.put(`leads/applications/lag/${i}.pdf`, randomBytes(100 * 1024));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  it(`never holds the event loop for long (${LEADS} leads, ${FILES} files)`, { timeout: 120_000 }, async () => {
    const run = await watchLoop(() => createBackup(t.app.database, t.app.storage, { outDir }));
    const rows = Object.fromEntries(run.result.manifest.tables.map((table) => [table.name, table.rows]));
    expect(rows.contacts).toBe(LEADS);
    expect(rows.lead_events).toBe(LEADS);
    expect(run.result.manifest.files).toHaveLength(FILES);
    console.log(
      `backup of ${LEADS} leads and ${FILES} files: ${Math.round(run.ms)} ms, the main thread ran at most ` +
        `${Math.round(run.worstBlockMs ?? NaN)} ms between two turns, a 10 ms timer was late by ${Math.round(run.worstLateMs)} ms at worst`,
    );
    if (run.worstBlockMs !== null) expect(run.worstBlockMs).toBeLessThan(BLOCK_MS);
    expect(run.worstLateMs).toBeLessThan(LATE_MS);
  });
});
