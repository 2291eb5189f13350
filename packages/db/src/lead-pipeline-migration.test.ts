// Migration 0002 on a database that already has leads: the handled and spam flags become statuses, every
// lead gets its `received` event at its own time, and nothing else changes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './index.ts';

const statements = (file: string) =>
  readFileSync(path.join(migrationsFolder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);

const files = readdirSync(migrationsFolder)
  .filter((file) => file.endsWith('.sql'))
  .sort();
const before = files.filter((file) => file < '0002');

describe('migration 0002 (lead pipeline) on existing data', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it('maps handled to the second step and spam to spam, and records when each lead arrived', async () => {
    for (const file of before) for (const statement of statements(file)) await db.exec(statement);
    await db.exec(`
      insert into contacts (id, name, email, phone, subject, message, handled, spam, created_at) values
        ('00000000-0000-4000-8000-000000000001', 'New', 'a@example.com', '', 'S', '', false, false, '2026-01-01T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000002', 'Handled', 'b@example.com', '', 'S', '', true, false, '2026-01-02T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000003', 'Spam', 'c@example.com', '', 'S', '', true, true, '2026-01-03T10:00:00Z');
      insert into applications (id, name, contact, email, town, country, position, salary, currency, info, handled)
        values ('00000000-0000-4000-8000-000000000004', 'A', '1', 'd@example.com', 'T', 'C', 'DevOps Engineer', '1', 'GBP', '', true);
    `);

    for (const statement of statements(files.find((file) => file.startsWith('0002')) ?? '')) await db.exec(statement);

    const contacts = await db.query<{ name: string; status: string; last_activity_at: Date; created_at: Date }>(
      'select name, status, last_activity_at, created_at from contacts order by created_at',
    );
    expect(contacts.rows.map((row) => [row.name, row.status])).toEqual([
      ['New', 'new'],
      ['Handled', 'contacted'],
      ['Spam', 'spam'],
    ]);
    for (const row of contacts.rows) expect(row.last_activity_at).toEqual(row.created_at);
    const application = await db.query<{ status: string }>('select status from applications');
    expect(application.rows).toEqual([{ status: 'reviewing' }]);

    const events = await db.query<{ lead_id: string; type: string; data: unknown; created_at: Date }>(
      'select lead_id, type, data, created_at from lead_events order by lead_id',
    );
    expect(events.rows.map((row) => [row.lead_id.slice(-1), row.type, row.data])).toEqual([
      ['1', 'received', {}],
      ['2', 'received', {}],
      ['3', 'received', { spamReason: 'honeypot' }],
      ['4', 'received', {}],
    ]);
    expect(events.rows[0]?.created_at.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    const columns = await db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'contacts' and column_name in ('handled', 'spam')",
    );
    expect(columns.rows).toEqual([]);
    // PGlite's start and some forty statements: slow on a busy machine.
  }, 120_000);
});
