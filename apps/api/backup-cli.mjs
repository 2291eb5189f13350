// `npm run backup` and `npm run restore`: runs the CLI's bundle (dist/backup-cli.js), not its TypeScript under tsx,
// which held ~90 MiB more resident memory and took 3 s of CPU to load the app's modules. What `npm run build`
// makes is made here first when absent, each in a process of its own: the bundle (again when a source changed
// since, `node build.mjs --cli`, under a second of CPU) and the empty embedded database a restore into an empty
// DATA_DIR starts from (`npm run build -w @agency/db`, once per PGlite release: PGlite's initdb, ~700 MiB for a few
// seconds). Decision 0045.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(here, 'dist/backup-cli.js');
const inputs = path.join(here, 'dist/backup-cli.inputs.json');
const database = path.join(here, '../../packages/db');

/** Absent, or older than one of the sources it was built from. */
function stale() {
  if (!existsSync(bundle) || !existsSync(inputs)) return true;
  const built = statSync(bundle).mtimeMs;
  const sources = JSON.parse(readFileSync(inputs, 'utf8'));
  return sources.some((source) => {
    const file = path.join(here, source);
    return !existsSync(file) || statSync(file).mtimeMs > built;
  });
}

/** The template's directory ends with PGlite's release (packages/db/src/cluster-template.ts). */
function templateMissing() {
  let dir = path.dirname(createRequire(path.join(database, 'package.json')).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return !existsSync(path.join(database, 'dist', `pglite-cluster-${version}`, 'PG_VERSION'));
}

/** Runs a step; whether it succeeded. Its output is not the CLI's: it is shown only when the step fails. */
function step(args, cwd) {
  try {
    execFileSync(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    return true;
  } catch (error) {
    process.stderr.write(`${error.stderr ?? ''}`);
    return false;
  }
}
// A bundle that cannot be rebuilt (a read-only checkout) is still run; without one, one line and exit 1.
if (stale() && !step(['build.mjs', '--cli'], here) && !existsSync(bundle)) {
  console.error(`${process.argv[2] ?? 'backup'} failed: the CLI could not be built (cd apps/api && node build.mjs)`);
  process.exit(1);
}
// Without the empty cluster a new embedded database runs PGlite's initdb instead, as before.
if (templateMissing()) step(['--liftoff-only', '--import', 'tsx', 'src/template-cli.ts'], database);

await import(pathToFileURL(bundle).href);
