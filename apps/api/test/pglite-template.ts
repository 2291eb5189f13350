// The migrated PGlite cluster global-setup.ts dumped before the first API test file, for a database a test opens
// itself (on disk, or in memory without an app): `createDb({ dataDir, loadDataDir: migratedCluster() })` skips
// PGlite's initdb (~6 s of CPU and ~800 MiB) and the migrations. Undefined on a PostgreSQL run, or without
// global-setup.ts: the database is then made from nothing, as before.
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { DbTemplate } from './global-setup.ts';

let cluster: Blob | undefined;

/** Read once per test worker; a Blob is read anew by each database loaded from it. */
export function migratedCluster(): Blob | undefined {
  const template = inject('dbTemplate') as DbTemplate | undefined;
  return template?.kind === 'pglite'
    ? (cluster ??= new Blob([new Uint8Array(readFileSync(template.file))]))
    : undefined;
}
