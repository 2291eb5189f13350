// The rule of docs/decisions/0023-migrations-keep-the-previous-release-working.md: during a rolling upgrade the
// previous release runs on the new schema, so a migration only adds (tables, nullable or defaulted columns,
// indexes). Dropping or renaming a table or column, or changing a column's type, comes in a later release than
// the one that stopped using it, and says so in the migration: a line
//   -- contract: <what> unused since <tag of an earlier migration>
// before the statement. Migrations released before the rule existed are listed as they are.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './index.ts';

/** Released before the rule; 0002 dropped the spam/handled flags the release before it stopped using. */
const BEFORE_THE_RULE = 10;

/** Statements that break a release still reading the old shape. */
const BREAKING = [
  /\bdrop\s+table\b/i,
  /\bdrop\s+column\b/i,
  /\brename\s+(column\s+)?("?\w+"?\s+)?to\b/i,
  /\balter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type\b/i,
  /\bset\s+not\s+null\b/i,
];

interface Journal {
  entries: { idx: number; tag: string }[];
}

export function breakingStatements(sqlText: string, earlierTags: string[]): string[] {
  const statements = sqlText.split('--> statement-breakpoint');
  const refused: string[] = [];
  for (const statement of statements) {
    const code = statement
      .split('\n')
      .filter((line) => !line.trim().startsWith('--'))
      .join('\n');
    if (!BREAKING.some((pattern) => pattern.test(code))) continue;
    const contract = /--\s*contract:\s*.+\bunused since\s+(\S+)/i.exec(statement);
    if (contract && earlierTags.includes(contract[1] ?? '')) continue;
    refused.push(code.trim());
  }
  return refused;
}

describe('migrations keep the previous release working', () => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

  it.each(journal.entries.filter((entry) => entry.idx >= BEFORE_THE_RULE).map((entry) => entry.tag))(
    '%s only adds, or names the earlier migration since which what it removes is unused',
    (tag) => {
      const earlier = journal.entries.filter((entry) => entry.tag < tag).map((entry) => entry.tag);
      const text = readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');
      expect(breakingStatements(text, earlier)).toEqual([]);
    },
  );

  it('the check refuses drops, renames and type changes, and lets a marked contract step through', () => {
    const earlier = ['0011_lead_work'];
    expect(breakingStatements('ALTER TABLE "quotes" DROP COLUMN "budget";', earlier)).toHaveLength(1);
    expect(breakingStatements('DROP TABLE "reply_templates";', earlier)).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "quotes" RENAME COLUMN "budget" TO "budget_band";', earlier)).toHaveLength(
      1,
    );
    expect(breakingStatements('ALTER TABLE "users" RENAME TO "staff";', earlier)).toHaveLength(1);
    expect(
      breakingStatements('ALTER TABLE "quotes" ALTER COLUMN "deal_value" SET DATA TYPE integer;', earlier),
    ).toHaveLength(1);
    expect(breakingStatements('ALTER TABLE "quotes" ALTER COLUMN "region" SET NOT NULL;', earlier)).toHaveLength(1);
    expect(
      breakingStatements(
        'ALTER TABLE "quotes" ADD COLUMN "x" text;--> statement-breakpoint\nCREATE INDEX "i" ON "quotes" ("x");',
        earlier,
      ),
    ).toEqual([]);
    // Marked, naming an earlier migration: allowed. Naming itself or nothing: refused.
    expect(
      breakingStatements(
        '-- contract: quotes.budget unused since 0011_lead_work\nALTER TABLE "quotes" DROP COLUMN "budget";',
        earlier,
      ),
    ).toEqual([]);
    expect(
      breakingStatements(
        '-- contract: quotes.budget unused since 0099_later\nALTER TABLE "quotes" DROP COLUMN "budget";',
        earlier,
      ),
    ).toHaveLength(1);
  });
});
