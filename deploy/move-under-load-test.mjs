#!/usr/bin/env node
// The move from the embedded database to PostgreSQL (docs/backups.md), done while visitors send leads: a server
// from the build on PGlite takes lead POSTs from four clients; `npm run backup -- --final --out DIR` takes its
// writes off (lead posts answer 503 with Retry-After, and the clients wait that long and send the same lead again)
// and takes the last backup; the old server stops; `npm run restore -- <archive> --send-pending` loads it into an
// empty PostgreSQL database; a new server starts on it and the clients, retrying, reach it. Then: every lead
// either server acknowledged with 201 is in PostgreSQL, and the SMTP server below got each mail once (the mail
// pending at the backup is sent by the new server only).
// Needs the build (npm run build) and an empty PostgreSQL database.
//
//   DATABASE_URL=postgres://…/agency_move node deploy/move-under-load-test.mjs
// Optional: BASE_PORT (3930: the old server on BASE_PORT, the new one on +1, SMTP on +2), LOAD_SECONDS (3).
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startMailSink } from './mail-sink.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL (an empty PostgreSQL database) is required');
const base = Number(process.env.BASE_PORT ?? 3930);
const ports = { old: base, new: base + 1, smtp: base + 2 };
const loadMs = Number(process.env.LOAD_SECONDS ?? 3) * 1000;
const work = mkdtempSync(path.join(tmpdir(), 'agency-move-'));
const failures = [];
const fail = (message) => {
  failures.push(message);
  console.log(`  FAIL ${message}`);
};
const step = (message) => console.log(`── ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ── SMTP: every message either server sends, to find any sent twice.
const mail = await startMailSink(ports.smtp);

const common = {
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  JWT_SECRET: 'move-secret-move-secret-move-secret-0123456789',
  CHALLENGE_SECRET: 'move-challenge-move-challenge-move-0123456789',
  // The pages of npm test's build were prerendered for this origin.
  SITE_URL: 'http://localhost:3000',
  SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
  LEADS_TO: 'agency@example.com',
  SPAM_CHALLENGE: 'off',
  RATE_LIMIT_MAX: '100000',
  LOG_LEVEL: 'warn',
};
/** The old server: the embedded database in its DATA_DIR. The new one: PostgreSQL, files in a DATA_DIR of its own. */
const sites = {
  old: { ...common, PORT: String(ports.old), DATA_DIR: path.join(work, 'old'), DATABASE_URL: '' },
  new: { ...common, PORT: String(ports.new), DATA_DIR: path.join(work, 'new'), DATABASE_URL: databaseUrl },
};
const servers = {};

function startServer(which) {
  servers[which] = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: sites[which],
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
async function healthy(which) {
  for (let i = 0; i < 480; i++) {
    if (servers[which].exitCode !== null) throw new Error(`the ${which} server exited (${servers[which].exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${ports[which]}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`the ${which} server did not become healthy`);
}
function stopServer(which) {
  const child = servers[which];
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.kill('SIGTERM');
  });
}
/** `npm run backup …` / `npm run restore …` with a site's environment. */
function cli(which, args) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['apps/api/backup-cli.mjs', ...args],
      { cwd: root, env: { ...sites[which], NODE_ENV: 'test' }, timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// ── Visitors: each sends a lead and, answered 503, waits Retry-After and sends the same lead again; while no
// server listens (between the old one's stop and the new one's start) it tries again every quarter second.
let origin = `http://127.0.0.1:${ports.old}`;
let stop = false;
let n = 0;
const acknowledged = new Map(); // lead id → the server that answered 201
const statuses = new Map();
let retriedAfter503 = 0;
const visitor = async (v) => {
  while (!stop) {
    n += 1;
    const i = n;
    const lead = {
      name: `Mover ${i}`,
      email: `mover-${i}@example.com`,
      phone: '',
      subject: 'The move',
      message: `Lead number ${i}`,
    };
    let answered503 = false;
    while (!stop) {
      const at = origin;
      let res;
      try {
        res = await fetch(`${at}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(lead),
        });
      } catch {
        statuses.set('no answer', (statuses.get('no answer') ?? 0) + 1);
        await sleep(250);
        continue;
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 201) {
        acknowledged.set((await res.json()).id, at === `http://127.0.0.1:${ports.old}` ? 'old' : 'new');
        if (answered503) retriedAfter503 += 1;
        break;
      }
      const text = await res.text();
      if (res.status === 503) {
        const retryAfter = Number(res.headers.get('retry-after'));
        if (!(retryAfter > 0)) fail(`lead ${i}: 503 without a Retry-After`);
        answered503 = true;
        await sleep((retryAfter > 0 ? retryAfter : 1) * 1000);
        continue;
      }
      fail(`lead ${i} (visitor ${v}): ${res.status} ${text.slice(0, 200)}`);
      break;
    }
    await sleep(100);
  }
};

const db = new pg.Client({ connectionString: databaseUrl });
let load = Promise.resolve();
const started = Date.now();
try {
  step('the old server on the embedded database, from the build');
  startServer('old');
  await healthy('old');
  load = Promise.all([1, 2, 3, 4].map(visitor));
  await sleep(loadMs);

  step('npm run backup -- --final: writes off, the last backup');
  const out = path.join(work, 'move');
  const backup = await cli('old', ['backup', '--final', '--out', out]);
  const archive = /(\S+agency-backup-\S+\.tar\.gz)/.exec(backup.stdout)?.[1];
  if (backup.code !== 0 || !archive) throw new Error(`the final backup failed: ${backup.stderr || backup.stdout}`);
  console.log(`  ${backup.stdout.trim()}`);
  const byOld = [...acknowledged.values()].filter((by) => by === 'old').length;
  const stopped = await stopServer('old');
  if (stopped.code !== 0) fail(`the old server exited with ${stopped.code ?? stopped.signal} after SIGTERM`);
  console.log(`  the old server stopped; it acknowledged ${byOld} leads`);

  step('npm run restore -- <archive> --send-pending, into PostgreSQL');
  const restore = await cli('new', ['restore', archive, '--send-pending']);
  if (restore.code !== 0) throw new Error(`the restore failed: ${restore.stderr || restore.stdout}`);
  for (const line of restore.stdout.trim().split('\n')) {
    if (/pending messages will be sent|^restored /.test(line)) console.log(`  ${line}`);
  }

  step('the new server on PostgreSQL; the visitors reach it');
  startServer('new');
  await healthy('new');
  origin = `http://127.0.0.1:${ports.new}`;
  await sleep(loadMs);
  stop = true;
  await load;
  const byNew = [...acknowledged.values()].filter((by) => by === 'new').length;
  console.log(
    `  ${n} leads in ${((Date.now() - started) / 1000).toFixed(1)} s: ${[...statuses].map(([s, c]) => `${c}× ${s}`).join(', ')}; ` +
      `${byNew} acknowledged by the new server, ${retriedAfter503} of them after a 503`,
  );
  if (!statuses.get(503)) fail('no lead post answered 503 while the writes were off');
  if (byNew === 0) fail('the new server acknowledged no lead');

  step('every acknowledged lead is in PostgreSQL, and each mail was sent once');
  await db.connect();
  const stored = new Set((await db.query('select id from contacts')).rows.map((row) => row.id));
  const missing = [...acknowledged.keys()].filter((id) => !stored.has(id));
  if (missing.length)
    fail(`${missing.length} acknowledged leads are not in PostgreSQL (${missing.slice(0, 3).join(', ')})`);
  else console.log(`  ${acknowledged.size} acknowledged leads (${byOld} by the old server): all in PostgreSQL`);
  // The new server sends what is left; wait while it makes progress (a busy machine sends slowly).
  let last = -1;
  let still = 0;
  for (;;) {
    const { rows } = await db.query('select count(*)::int as n from outbox where sent_at is null');
    if (rows[0].n === 0) break;
    still = rows[0].n === last ? still + 1 : 0;
    if (still >= 20) break;
    last = rows[0].n;
    await sleep(500);
  }
  await mail.checkOutbox(db, fail);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  stop = true;
  await load.catch(() => {});
  for (const child of Object.values(servers)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  await db.end().catch(() => {});
  await mail.close();
  rmSync(work, { recursive: true, force: true });
}

if (failures.length) {
  console.log(`move under load: ${failures.length} failure(s)`);
  process.exit(1);
}
console.log(
  `move under load: every acknowledged lead in PostgreSQL, no mail sent twice, ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
