// `npm run backup` and `npm run restore`: runs the CLI's bundle (dist/backup-cli.js), not its TypeScript under tsx,
// which held ~90 MiB more resident memory and took 3 s of CPU to load the app's modules. The bundle is built first
// (`node build.mjs --cli`, under a second of CPU, in a process of its own) when absent or older than a source. The
// empty embedded database a restore into an empty DATA_DIR starts from is the CLI's own care (decision 0045).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(here, 'dist/backup-cli.js');
const inputs = path.join(here, 'dist/backup-cli.inputs.json');

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

await import(pathToFileURL(bundle).href);
