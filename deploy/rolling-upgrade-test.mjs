#!/usr/bin/env node
// The deployment of deploy/: Debian's nginx with deploy/nginx/agency.conf (TLS from a self-signed certificate
// made here with openssl, HTTP/2) in front of two instances started from deploy/systemd/agency@.service's
// Environment and ExecStart lines, on PostgreSQL with TRUST_PROXY=1. Checks that a client's address reaches the
// rate limits through the proxy, then, while lead POSTs run through nginx, stops each instance in turn
// (SIGTERM), starts it again from the build and puts it back: every acknowledged lead is stored, no answer is a
// 5xx, and no mail is sent twice. Each upgrade step is the README's: mark the instance `down` in the upstream and
// reload nginx, SIGTERM it, start it from the build, wait for /api/health, take `down` away and reload.
// Needs the build (npm run build) and an empty PostgreSQL database.
//
//   DATABASE_URL=postgres://…/agency_rolling node deploy/rolling-upgrade-test.mjs
// From its environment: BASE_PORT (4400: nginx on BASE_PORT, instances on +1 and +2, SMTP on +3, plain HTTP on +4),
// SITE_URL (the site's origin; by default the one this checkout's build was made for, else the one nginx serves
// here, https://localhost:BASE_PORT),
// LOAD_SECONDS_PER_STEP (3), LOAD_PAUSE_MS (250).
// An upgrade between releases: both instances start from the previous release's build and are rolled, one at a
// time, to this checkout's build. The previous release is PREVIOUS_RELEASE=<a commit, tag or branch>, by default the
// newest `release-*` tag this checkout contains, else where it left origin/main (or main); it is checked out with
// `git worktree add`, given node_modules (copied from this checkout when package-lock.json is the same, else
// `npm ci`) and built, and the minutes that took are printed. PREVIOUS_BUILD_DIR=<a built checkout> skips that.
// When there is no previous release (a checkout of main itself, no tag), each instance is restarted from the same
// build, and the output says so.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startMailSink } from './mail-sink.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL (an empty PostgreSQL database) is required');
const base = Number(process.env.BASE_PORT ?? 4400);
const ports = { nginx: base, a: base + 1, b: base + 2, smtp: base + 3, http: base + 4 };
/** The origin this checkout's pages were built for (their canonical link, as the server reads it), if built. */
function builtOrigin() {
  try {
    const home = readFileSync(path.join(root, 'apps/web/build/client/index.html'), 'utf8');
    const href = /<link[^>]+rel="canonical"[^>]+href="([^"]+)"/.exec(home)?.[1];
    return href ? new URL(href).origin : null;
  } catch {
    return null;
  }
}
// The site's origin: SITE_URL, else the one this checkout's build was made for (production refuses another), else
// the one nginx serves in this run. The previous release is built for the same.
const siteUrl = (process.env.SITE_URL ?? builtOrigin() ?? `https://localhost:${ports.nginx}`).replace(/\/$/, '');
const stepMs = Number(process.env.LOAD_SECONDS_PER_STEP ?? 3) * 1000;
// Each of the three load workers waits this long between its POSTs: a steady load through every restart, bounded
// so that the mail it causes (two per lead) is sent within the run (an unpaced load made 3,500 leads in 17 s).
const pauseMs = Number(process.env.LOAD_PAUSE_MS ?? 250);
const RATE_LIMIT_MAX = 20;
const work = mkdtempSync(path.join(tmpdir(), 'agency-rolling-'));
const failures = [];
const fail = (message) => {
  failures.push(message);
  console.log(`  FAIL ${message}`);
};
const step = (message) => console.log(`── ${message}`);

// ── TLS: a self-signed certificate for localhost, made now.
const certFile = path.join(work, 'cert.pem');
const keyFile = path.join(work, 'key.pem');
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ],
  { stdio: 'ignore' },
);
const ca = readFileSync(certFile);

// ── nginx: the shipped site with this run's ports and paths, in a main config of its own (not the system's).
let site = readFileSync(path.join(root, 'deploy/nginx/agency.conf'), 'utf8');
const replace = (from, to) => {
  if (!site.includes(from)) throw new Error(`deploy/nginx/agency.conf no longer contains ${from}`);
  site = site.replaceAll(from, to);
};
replace('127.0.0.1:3001', `127.0.0.1:${ports.a}`);
replace('127.0.0.1:3002', `127.0.0.1:${ports.b}`);
replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.nginx} ssl http2;`);
replace('listen [::]:443 ssl http2;', '');
replace('listen 80;', `listen 127.0.0.1:${ports.http};`);
replace('listen [::]:80;', '');
replace('/etc/ssl/agency/fullchain.pem', certFile);
replace('/etc/ssl/agency/privkey.pem', keyFile);
writeFileSync(path.join(work, 'agency.conf'), site);
/** Takes an instance out of the upstream (`down`) or puts it back, then reloads nginx gracefully. */
function upstream(port, down) {
  const line = new RegExp(`(server 127\\.0\\.0\\.1:${port} [^;]*?)( down)?;`);
  if (!line.test(site)) throw new Error(`no upstream line for ${port}`);
  site = site.replace(line, (_all, server) => `${server}${down ? ' down' : ''};`);
  writeFileSync(path.join(work, 'agency.conf'), site);
  execFileSync('nginx', [...nginxArgs, '-s', 'reload'], { stdio: 'inherit' });
}
for (const dir of ['logs', 'tmp']) mkdirSync(path.join(work, dir));
writeFileSync(
  path.join(work, 'nginx.conf'),
  `worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log ${work}/logs/access.log;
  client_body_temp_path ${work}/tmp/body;
  proxy_temp_path ${work}/tmp/proxy;
  fastcgi_temp_path ${work}/tmp/fastcgi;
  uwsgi_temp_path ${work}/tmp/uwsgi;
  scgi_temp_path ${work}/tmp/scgi;
  include ${work}/agency.conf;
}
`,
);
const nginxArgs = ['-p', work, '-c', path.join(work, 'nginx.conf')];

// ── SMTP: every message the instances send, to find any sent twice.
const mail = await startMailSink(ports.smtp);

// ── Instances: the unit's Environment and ExecStart, %i being the port, run from this checkout.
const unit = readFileSync(path.join(root, 'deploy/systemd/agency@.service'), 'utf8');
const unitEnv = Object.fromEntries(
  [...unit.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)].map(([, name, value]) => [name, value]),
);
const execStart = /^ExecStart=(\S+)\s+(.*)$/m.exec(unit);
if (!execStart) throw new Error('deploy/systemd/agency@.service has no ExecStart');
const env = {
  ...process.env,
  // /etc/agency/agency.env of this run:
  DATABASE_URL: databaseUrl,
  JWT_SECRET: 'rolling-secret-rolling-secret-rolling-0123456789',
  CHALLENGE_SECRET: 'rolling-challenge-rolling-challenge-0123456789',
  // The pages of npm test's build were prerendered for this origin.
  SITE_URL: siteUrl,
  SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
  LEADS_TO: 'agency@example.com',
  SPAM_CHALLENGE: 'off',
  RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
  LOG_LEVEL: 'warn',
  DATA_DIR: path.join(work, 'data'),
};
const instances = {};
function startInstance(port, dir = root) {
  const unitVars = Object.fromEntries(
    Object.entries(unitEnv).map(([name, value]) => [name, value.replaceAll('%i', String(port))]),
  );
  const args = execStart[2].split(/\s+/).map((arg) => arg.replaceAll('%i', String(port)));
  // The unit's /usr/bin/node is this Node; its WorkingDirectory is this checkout.
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...env, ...unitVars },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  instances[port] = child;
  return child;
}
/** How long an instance may take to answer /api/health (the first migrates an empty database; a busy machine). */
const HEALTHY_WITHIN_MS = 120_000;
async function healthy(port) {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (Date.now() < deadline) {
    const child = instances[port];
    if (child && child.exitCode !== null) throw new Error(`instance on ${port} exited with ${child.exitCode} at start`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`instance on ${port} did not become healthy within ${HEALTHY_WITHIN_MS / 1000} s`);
}
function stopInstance(port) {
  const child = instances[port];
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.kill('SIGTERM');
  });
}

// ── A client through nginx over TLS, from a chosen loopback address (each stands for a visitor).
function post(pathname, body, localAddress = '127.0.0.1') {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: ports.nginx,
        servername: 'localhost',
        path: pathname,
        method: 'POST',
        ca,
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: String(error) }));
    req.end(payload);
  });
}
const contact = (n) => ({
  name: `Rolling ${n}`,
  email: `rolling-${n}@example.com`,
  phone: '',
  subject: 'Rolling upgrade',
  message: `Lead number ${n}`,
});

const git = (...args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/** The release before this checkout: PREVIOUS_RELEASE, else the newest release-* tag, else where it left main. */
function previousRef() {
  if (process.env.PREVIOUS_RELEASE) return { ref: process.env.PREVIOUS_RELEASE, why: 'PREVIOUS_RELEASE' };
  const head = git('rev-parse', 'HEAD');
  const tags = git('tag', '--list', 'release-*', '--merged', 'HEAD', '--sort=-creatordate').split('\n');
  for (const tag of tags.filter(Boolean)) {
    if (git('rev-parse', `${tag}^{commit}`) !== head) return { ref: tag, why: 'the newest release-* tag' };
  }
  for (const branch of ['origin/main', 'main']) {
    let fork;
    try {
      fork = git('merge-base', 'HEAD', branch);
    } catch {
      continue;
    }
    if (fork !== head) return { ref: fork, why: `where this checkout left ${branch}` };
  }
  return null;
}

const took = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/**
 * The checkout the instances start from before the upgrade: a built checkout (PREVIOUS_BUILD_DIR), the previous
 * release built in a worktree of its own, or (no previous release found) this one.
 */
function previousRelease() {
  if (process.env.PREVIOUS_BUILD_DIR) {
    const dir = path.resolve(process.env.PREVIOUS_BUILD_DIR);
    return { dir, label: `the build in ${dir}` };
  }
  const previous = previousRef();
  if (!previous) {
    step('no previous release (no release-* tag, and this checkout is main): each instance restarts from this build');
    return { dir: root, label: 'this build' };
  }
  const commit = git('rev-parse', '--short', `${previous.ref}^{commit}`);
  const name = previous.ref.startsWith(commit) ? commit : `${previous.ref} (${commit})`;
  const dir = path.join(work, 'previous');
  step(`the previous release: ${name} (${previous.why}), built in a worktree of its own for ${siteUrl}`);
  const started = Date.now();
  execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: root, stdio: 'ignore' });
  previousWorktree = dir;
  const checkedOut = Date.now();
  const lock = (at) => readFileSync(path.join(at, 'package-lock.json'), 'utf8');
  let how;
  if (existsSync(path.join(root, 'node_modules')) && lock(root) === lock(dir)) {
    // The same dependencies: this checkout's node_modules, copied as hard links (650 MB written and deleted again
    // took minutes on a busy disk; the build only adds files there). Their workspace links are relative, so they
    // point into the copy's own packages.
    const dirs = [
      'node_modules',
      ...['apps', 'packages', 'tests'].flatMap((group) =>
        existsSync(path.join(root, group))
          ? execFileSync('find', [group, '-mindepth', '2', '-maxdepth', '2', '-name', 'node_modules'], {
              cwd: root,
              encoding: 'utf8',
            })
              .split('\n')
              .filter(Boolean)
          : [],
      ),
    ];
    for (const modules of dirs) {
      if (!existsSync(path.join(dir, path.dirname(modules)))) continue;
      execFileSync('cp', ['-al', path.join(root, modules), path.join(dir, modules)]);
    }
    how = 'node_modules linked (same package-lock.json)';
  } else {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, stdio: 'ignore' });
    how = 'npm ci';
  }
  const installed = Date.now();
  execFileSync('npm', ['run', 'build'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, SITE_URL: siteUrl },
  });
  console.log(
    `  ready in ${took(started)}: worktree ${((checkedOut - started) / 1000).toFixed(0)} s, ` +
      `${how} ${((installed - checkedOut) / 1000).toFixed(0)} s, npm run build ${took(installed)}`,
  );
  return { dir, label: name };
}
let previousWorktree = null;

let nginxStarted = false;
let upgradedFrom = 'this build';
const db = new pg.Client({ connectionString: databaseUrl });
try {
  const previous = previousRelease();
  const from = previous.dir;
  upgradedFrom = previous.label;
  step(`nginx (deploy/nginx/agency.conf) and two instances (deploy/systemd/agency@.service) of ${previous.label}`);
  execFileSync('nginx', [...nginxArgs, '-t'], { stdio: 'inherit' });
  startInstance(ports.a, from);
  // The first one migrates the empty database; then the second.
  await healthy(ports.a);
  startInstance(ports.b, from);
  await healthy(ports.b);
  execFileSync('nginx', nginxArgs, { stdio: 'inherit' });
  nginxStarted = true;
  await db.connect();

  step('TLS and HTTP/2 through nginx');
  const h2 = execFileSync('curl', [
    '-sS',
    '-o',
    '/dev/null',
    '-w',
    '%{http_version} %{http_code}',
    '--http2',
    '--cacert',
    certFile,
    '--resolve',
    `localhost:${ports.nginx}:127.0.0.1`,
    `https://localhost:${ports.nginx}/api/health`,
  ]).toString();
  if (h2 !== '2 200') fail(`GET /api/health over HTTP/2 answered "${h2}"`);
  else console.log('  /api/health over TLS and HTTP/2: 200');

  step(`a client's address reaches the rate limits through nginx (RATE_LIMIT_MAX=${RATE_LIMIT_MAX})`);
  const limited = [];
  for (let i = 0; i <= RATE_LIMIT_MAX; i++)
    limited.push((await post('/api/auth/password-reset', { email: `x${i}@example.com` }, '127.0.0.9')).status);
  const other = await post('/api/auth/password-reset', { email: 'y@example.com' }, '127.0.0.10');
  if (limited.at(-1) !== 429 || limited.slice(0, -1).some((status) => status === 429)) {
    fail(`127.0.0.9 got ${limited.join(',')}: expected 429 only on request ${RATE_LIMIT_MAX + 1}`);
  } else if (other.status === 429) {
    fail("127.0.0.10 was limited by 127.0.0.9's requests: the proxy hides client addresses");
  } else {
    console.log(`  127.0.0.9: 429 after ${RATE_LIMIT_MAX}; 127.0.0.10 at the same time: ${other.status}`);
  }

  step(`rolling upgrade from ${previous.label} to this build under a load of lead POSTs`);
  const acknowledged = [];
  const statuses = new Map();
  let n = 0;
  let stop = false;
  const worker = async (w) => {
    while (!stop) {
      n += 1;
      const i = n;
      // 200 visitors (127.0.1.x), each far below the rate limit over the run.
      const res = await post('/api/contact', contact(i), `127.0.1.${(i % 200) + 1}`);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 201) acknowledged.push(JSON.parse(res.body).id);
      else if (res.status >= 500 || res.status === 0)
        fail(`lead ${i} (worker ${w}): ${res.status} ${res.body.slice(0, 200)}`);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const load = [1, 2, 3].map(worker);
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, stepMs));
  for (const port of [ports.a, ports.b]) {
    // Out of the upstream first: nginx's old workers finish what they sent it, new requests go to the other.
    upstream(port, true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const exit = await stopInstance(port);
    if (exit.code !== 0) fail(`instance on ${port} exited with ${exit.code ?? exit.signal} after SIGTERM`);
    else console.log(`  instance on ${port}: stopped cleanly (${acknowledged.length} leads acknowledged so far)`);
    await new Promise((resolve) => setTimeout(resolve, stepMs / 2));
    startInstance(port);
    await healthy(port);
    upstream(port, false);
    console.log(`  instance on ${port}: started from this build, healthy, back in the upstream`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  stop = true;
  await Promise.all(load);
  const seconds = (Date.now() - started) / 1000;
  console.log(`  ${n} POSTs in ${seconds.toFixed(1)} s: ${[...statuses].map(([s, c]) => `${c}× ${s}`).join(', ')}`);

  step('every acknowledged lead is stored, and each mail was sent once');
  const stored = new Set((await db.query('select id from contacts')).rows.map((row) => row.id));
  const missing = acknowledged.filter((id) => !stored.has(id));
  if (missing.length) fail(`${missing.length} acknowledged leads are not stored (${missing.slice(0, 3).join(', ')})`);
  else console.log(`  ${acknowledged.length} acknowledged leads: all stored`);
  // The instances send what is left; wait while they make progress (a busy machine sends slowly).
  let last = -1;
  let still = 0;
  for (;;) {
    const { rows } = await db.query('select count(*)::int as n from outbox where sent_at is null');
    if (rows[0].n === 0) break;
    still = rows[0].n === last ? still + 1 : 0;
    if (still >= 30) break;
    last = rows[0].n;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await mail.checkOutbox(db, fail);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  if (nginxStarted) {
    try {
      execFileSync('nginx', [...nginxArgs, '-s', 'quit'], { stdio: 'inherit' });
    } catch {
      // already gone
    }
  }
  for (const child of Object.values(instances)) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    Object.values(instances).map((child) =>
      child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null,
    ),
  );
  await db.end().catch(() => {});
  await mail.close();
  if (previousWorktree) {
    try {
      execFileSync('git', ['worktree', 'remove', '--force', previousWorktree], { cwd: root, stdio: 'inherit' });
    } catch {
      // removed with the directory below; `git worktree prune` forgets it
    }
  }
  rmSync(work, { recursive: true, force: true });
}

if (failures.length) {
  console.log(`rolling upgrade: ${failures.length} failure(s)`);
  process.exit(1);
}
console.log(`rolling upgrade from ${upgradedFrom}: every acknowledged lead stored, no 5xx, no mail sent twice`);
