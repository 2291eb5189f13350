// A lead acknowledged with 201 is stored for good on the embedded database: the server is killed with SIGKILL
// (kill -9, no shutdown of any kind) while leads are still arriving, and every lead it had answered 201 is in
// the database when it is opened again.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, inArray, schema } from '@agency/db';
import { afterAll, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'agency-kill-'));
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts apps/api/test/lead-server.ts and resolves with its origin once it listens. */
function start(): Promise<string> {
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/test/lead-server.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000',
      SPAM_CHALLENGE: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    server?.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /listening (\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    server?.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${out}`)));
  });
}

it('every lead answered 201 is stored after the server is killed with SIGKILL', { timeout: 180_000 }, async () => {
  const origin = await start();
  const acknowledged: string[] = [];
  let killed = false;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  // 8 clients sending leads one after the other; the server is killed once 40 have been answered, so more are
  // in flight at that moment.
  const client = async (n: number) => {
    for (let i = 0; !killed; i++) {
      try {
        const response = await fetch(`${origin}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Kill Test', email: `kill-${n}-${i}@example.com`, subject: 'Hi', message: '' }),
        });
        if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
        acknowledged.push(((await response.json()) as { id: string }).id);
      } catch (error) {
        if (killed) return;
        throw error;
      }
      if (acknowledged.length >= 40 && !killed) {
        killed = true;
        server?.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
  await exited;
  expect(acknowledged.length).toBeGreaterThanOrEqual(40);

  const database = createDb({ dataDir: path.join(dataDir, 'db') });
  try {
    const stored = await database.db
      .select({ id: schema.contacts.id })
      .from(schema.contacts)
      .where(inArray(schema.contacts.id, acknowledged));
    expect(stored.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
  } finally {
    await database.close();
  }
});
