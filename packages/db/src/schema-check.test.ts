// db:check (schema-check.ts) on a small migrations folder and schema of its own: it finds nothing when they
// agree, and names each deliberate drift (a column's type, nullability and default, an index, a constraint, a
// table) when the schema says otherwise. `npm run db:check` runs the same check on the real ones.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSchema, compareCatalogs } from './schema-check.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'agency-schema-check-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
mkdirSync(path.join(folder, 'meta'));
writeFileSync(
  path.join(folder, 'meta', '_journal.json'),
  JSON.stringify({
    version: '7',
    dialect: 'postgresql',
    entries: [{ idx: 0, version: '7', when: 1, tag: '0000_notes', breakpoints: true }],
  }),
);
writeFileSync(
  path.join(folder, '0000_notes.sql'),
  `CREATE TABLE "notes" (
    "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
    "body" text NOT NULL,
    "stars" integer DEFAULT 0 NOT NULL,
    "created_at" timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT "notes_stars_check" CHECK ("stars" >= 0)
  );
  --> statement-breakpoint
  CREATE INDEX "notes_created_idx" ON "notes" USING btree ("created_at");`,
);

/** What the migration above creates, as schema.ts would declare it. */
const agreeing = {
  notes: pgTable(
    'notes',
    {
      id: uuid('id')
        .primaryKey()
        .default(sql`gen_random_uuid()`),
      body: text('body').notNull(),
      stars: integer('stars').notNull().default(0),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('notes_created_idx').on(t.createdAt), check('notes_stars_check', sql`${t.stars} >= 0`)],
  ),
};

/** The same, drifted: `body` nullable, `stars` defaulting to 1, the index on another column, the check gone,
 * and a table no migration creates. */
const drifted = {
  notes: pgTable(
    'notes',
    {
      id: uuid('id')
        .primaryKey()
        .default(sql`gen_random_uuid()`),
      body: text('body'),
      stars: integer('stars').notNull().default(1),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index('notes_created_idx').on(t.body)],
  ),
  tags: pgTable('tags', { name: text('name').primaryKey() }),
};

describe('db:check', () => {
  // One test: each check starts a PGlite of its own, which takes seconds on a busy machine.
  it('finds nothing when the migrations and the schema agree, and names each difference of a drifted schema', async () => {
    expect(await checkSchema(agreeing, folder)).toEqual([]);
    expect(await checkSchema(drifted, folder)).toEqual([
      'column notes.body: the migrations give "text not null", schema.ts declares "text null"',
      'column notes.stars: the migrations give "integer not null default 0", schema.ts declares "integer not null default 1"',
      'column tags.name: schema.ts declares it, no migration creates it (text not null)',
      'constraint notes.notes_stars_check: the migrations create it, schema.ts does not declare it (CHECK ((stars >= 0)))',
      'constraint tags.tags_pkey: schema.ts declares it, no migration creates it (PRIMARY KEY (name))',
      'index notes.notes_created_idx: the migrations give "CREATE INDEX notes_created_idx ON public.notes USING btree (created_at)", schema.ts declares "CREATE INDEX notes_created_idx ON public.notes USING btree (body)"',
      'table tags: schema.ts declares it, no migration creates it (exists)',
    ]);
  }, 120_000);

  it('compares types and enums too', () => {
    const migrated = new Map([
      ['column a.b', 'integer not null'],
      ['enum mood', 'calm, busy'],
    ]);
    const declared = new Map([
      ['column a.b', 'bigint not null'],
      ['enum mood', 'calm, busy, away'],
    ]);
    expect(compareCatalogs(migrated, declared)).toEqual([
      'column a.b: the migrations give "integer not null", schema.ts declares "bigint not null"',
      'enum mood: the migrations give "calm, busy", schema.ts declares "calm, busy, away"',
    ]);
  });
});
