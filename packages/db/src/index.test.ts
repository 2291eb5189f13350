import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, schema, sql } from './index.ts';

describe('createDb (PGlite)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'agency-db-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates and migrates the database on first start and reuses it on the next', async () => {
    const first = createDb({ dataDir: dir });
    await first.migrate();
    await first.db.insert(schema.contacts).values({
      name: 'Ada',
      email: 'ada@example.com',
      phone: '',
      subject: 'Hello',
      message: '',
    });
    await first.close();

    const second = createDb({ dataDir: dir });
    await second.migrate();
    const rows = await second.db.select().from(schema.contacts);
    expect(rows.map((r) => r.email)).toEqual(['ada@example.com']);
    // A 16 MB buffer pool, not PostgreSQL's 128 MB: an open database holds ~120 MiB less (decision 0044).
    expect(await second.run(sql`show shared_buffers`)).toEqual([{ shared_buffers: '16MB' }]);
    await second.ping();
    await second.close();
    // Two on-disk PGlite starts and every migration: far over the default 30 s on a busy 2-core machine.
  }, 120_000);
});
