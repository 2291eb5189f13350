// Who holds the embedded database open. PGlite writes PostgreSQL's lock file (postmaster.pid) into its data
// directory while it is open, but always with the same made-up pid (-42), and a process that crashed (kill -9)
// leaves it behind. So the process that opens the directory also writes its own pid beside it (agency.pid): the
// lock is live while that process is, and stale once it is gone.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** PGlite's lock file, there while the database is open (and after a crash). */
export const PGLITE_LOCK_FILE = 'postmaster.pid';
/** The pid of the process that opened the database, written beside PGlite's lock. */
export const OWNER_FILE = 'agency.pid';

export type EmbeddedLock =
  | { state: 'free' }
  /** Open in a running process. */
  | { state: 'live'; pid: number; file: string }
  /** Left by a process that is gone (or by a release that did not record its pid): nothing holds it. */
  | { state: 'stale'; pid: number | null; file: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path.join(dataDir, OWNER_FILE), 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Whether the embedded database in `dataDir` is open in a running process. */
export function embeddedLock(dataDir: string): EmbeddedLock {
  const file = path.join(dataDir, PGLITE_LOCK_FILE);
  if (!existsSync(file)) return { state: 'free' };
  const pid = ownerOf(dataDir);
  if (pid !== null && pid !== process.pid && isAlive(pid)) return { state: 'live', pid, file };
  return { state: 'stale', pid, file };
}

export function recordOwner(dataDir: string): void {
  writeFileSync(path.join(dataDir, OWNER_FILE), `${process.pid}\n`, { mode: 0o600 });
}

/** Removes the owner file when it is this process's (a later opener's is left alone). */
export function forgetOwner(dataDir: string): void {
  if (ownerOf(dataDir) === process.pid) rmSync(path.join(dataDir, OWNER_FILE), { force: true });
}
