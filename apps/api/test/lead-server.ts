// The API on the embedded database in DATA_DIR (no web build), listening on a free port of 127.0.0.1, which it
// prints as `listening <port>` once it answers, and taking `npm run backup`'s requests on its control socket as
// server.ts does: the process lead-durability.process.test.ts and backup-crash.process.test.ts kill with SIGKILL.
import '../src/lib/wasm-baseline.ts';
import path from 'node:path';
import { createDb } from '@agency/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { listenForBackupRequests } from '../src/services/backup-control.ts';

const config = loadConfig();
const database = createDb({ dataDir: path.join(config.dataDir, 'db') });
await database.migrate();
const app = await buildApp({ config, database, logger: false, retentionSchedule: false, backupSchedule: false });
await app.listen({ port: 0, host: '127.0.0.1' });
await listenForBackupRequests(config.dataDir, async (outDir) => {
  const { started, done } = app.backups.start('cli', { outDir });
  await started;
  return done;
});
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
