// An empty PGlite cluster made once (`npm run build`, or `npm run backup`/`restore` when it is absent) and copied
// into an empty data directory instead of running PGlite's initdb there. initdb starts a second PGlite and a copy
// of its whole WebAssembly memory: 660-870 MiB resident and ~6 s of CPU, where opening a copied cluster takes
// ~130 MiB and a second. It serves the server's first start, `npm run db:migrate` and `npm run restore` on an
// empty DATA_DIR. Without it PGlite's initdb runs, as before. Decision 0045.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const require = createRequire(import.meta.url);
const packageRoot = path.dirname(require.resolve('@agency/db/package.json'));

/** PGlite's release: a cluster is read only by the PostgreSQL it was made by, so the template is kept per release. */
function pgliteVersion(): string {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the template lives: packages/db/dist (not committed), one directory per PGlite release. */
export const clusterTemplateDir = path.join(packageRoot, 'dist', `pglite-cluster-${pgliteVersion()}`);

/** Whether the template is there, made whole (it is renamed into place only once made). */
function templateMade(): boolean {
  return existsSync(path.join(clusterTemplateDir, 'PG_VERSION'));
}

/** Whether a cluster starts here: no PG_VERSION, and nothing else either (a directory PGlite would initdb). */
function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Lock files a closed PGlite may leave; a template must hold none. */
const LOCK_FILES = ['postmaster.pid', 'postmaster.opts'];

/**
 * Makes the template if it is absent: PGlite's initdb into a directory of its own, closed, then renamed into
 * place (a process stopped half-way leaves no half template; two at once, the second's copy is dropped).
 * Run in a process of its own (`npm run build -w @agency/db`): initdb's memory is then that process's.
 */
export async function makeClusterTemplate(startParams: string[]): Promise<boolean> {
  if (templateMade()) return false;
  const staging = `${clusterTemplateDir}.${process.pid}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  const client = new PGlite(staging, { startParams });
  await client.query('select 1');
  await client.close();
  for (const name of LOCK_FILES) rmSync(path.join(staging, name), { force: true });
  makePrivate(staging);
  try {
    renameSync(staging, clusterTemplateDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!templateMade()) throw error;
  }
  return true;
}

/**
 * Files 0600 in 0700 directories, whatever the umask of the build that made it: copies keep these modes, as a
 * cluster made in place by a server under the systemd unit's UMask=0077 has them.
 */
function makePrivate(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) makePrivate(at);
    else chmodSync(at, 0o600);
  }
}

/**
 * Copies the template into `dataDir` when that is empty and a template exists: copied beside it under a
 * temporary name, then renamed over the empty directory, so a stop half-way leaves it empty, never half a cluster.
 * Returns whether it did; when it cannot (a template this user may not read, a full disk), PGlite's initdb runs.
 */
export function startFromTemplate(dataDir: string): boolean {
  if (!isEmptyDir(dataDir) || !templateMade()) return false;
  const staging = `${dataDir}.${process.pid}.partial`;
  try {
    rmSync(staging, { recursive: true, force: true });
    cpSync(clusterTemplateDir, staging, { recursive: true, preserveTimestamps: true });
    renameSync(staging, dataDir);
    return true;
  } catch {
    rmSync(staging, { recursive: true, force: true });
    return false;
  }
}

/**
 * For a process that must stay small (`npm run restore` into an empty DATA_DIR on a clone that was never built):
 * makes the template first in a child process, this package's `build` script, so initdb's ~700 MiB are the
 * child's. Nothing when `dataDir` holds a database or the template is there; a child that fails leaves PGlite's
 * initdb to run in this process, as without a template.
 */
export function makeTemplateBeforeOpening(dataDir: string): void {
  if (!isEmptyDir(dataDir) || templateMade()) return;
  const child = spawnSync('npm', ['run', '--silent', 'build'], { cwd: packageRoot, encoding: 'utf8' });
  if (child.status !== 0) process.stderr.write(child.stderr ?? `${child.error ?? ''}\n`);
}
