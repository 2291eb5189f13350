// `npm run db:check`: the migrations and schema.ts describe the same database (schema-check.ts). Always on
// PGlite; on PostgreSQL too when DATABASE_URL or TEST_DATABASE_URL names a server (it creates and drops two
// scratch databases there). Exits 1 naming each difference.
import { migrationsFolder } from './index.ts';
import * as schema from './schema.ts';
import { checkSchema, type Engine, pgliteEngine, postgresEngine } from './schema-check.ts';

const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
const engines: Engine[] = [pgliteEngine, ...(url ? [postgresEngine(url)] : [])];
let failed = false;
for (const engine of engines) {
  const differences = await checkSchema(schema, migrationsFolder, engine);
  if (differences.length === 0) {
    console.log(`db:check (${engine.name}): the migrations and schema.ts agree.`);
    continue;
  }
  failed = true;
  console.error(`db:check (${engine.name}): ${differences.length} difference(s) between the migrations and schema.ts:`);
  for (const difference of differences) console.error(`  - ${difference}`);
}
if (failed) {
  console.error('Write a migration (packages/db/migrations, README "Where a change goes") or correct schema.ts.');
  process.exit(1);
}
