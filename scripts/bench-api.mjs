// `npm run bench:api`: request throughput of the built server on loopback, bounded in time, next to a
// minimal static server that sends the same prerendered file from memory: the limit any Node server reaches
// on this machine in the same run. Prints req/s, the ratio to that reference, p50/p99, and for the lead POST
// whether every 201 was stored.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import { startServer } from './bench-server.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 4391);
const BR = { 'accept-encoding': 'br, gzip' };
/**
 * `--only <word>` (repeatable, or comma-separated): measure only the targets whose name contains one of the
 * words, e.g. `npm run bench:api -- --only lead` for the two lead POSTs. The static reference always runs.
 */
const ONLY = process.argv
  .flatMap((arg, i, all) => (arg === '--only' ? (all[i + 1] ?? '') : arg.startsWith('--only=') ? arg.slice(7) : []))
  .flatMap((words) => words.split(','))
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
/** The bench's server signs challenges with this key, so the bench can hand each POST a fresh solved one. */
const CHALLENGE_SECRET = randomBytes(32).toString('hex');

/**
 * An `altcha` field as the forms send it: a challenge made the way GET /api/challenge makes it (altcha-lib's v1
 * format: the salt carries its expiry and ends with `&`), with the server's key, and its number. Made here in one
 * synchronous step, as autocannon's setupRequest wants; solving real challenges (~100,000 hashes each) would
 * measure the bench, not the server; the server's checks (signature, hash, expiry, single use) are the same.
 */
function solvedAltcha() {
  const salt = `${randomBytes(12).toString('hex')}?expires=${Math.floor(Date.now() / 1000) + 600}&`;
  const number = Math.floor(Math.random() * 1000);
  const challenge = createHash('sha256').update(`${salt}${number}`).digest('hex');
  const signature = createHmac('sha256', CHALLENGE_SECRET).update(challenge).digest('hex');
  return Buffer.from(JSON.stringify({ algorithm: 'SHA-256', challenge, number, salt, signature })).toString('base64');
}

/** The reference: Node's http module answering every request with the prerendered `/`, brotli, from memory. */
function startStaticReference(port) {
  const body = readFileSync('apps/web/build/client/index.html.br');
  const server = http.createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'br',
      'content-length': body.length,
    });
    response.end(body);
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ origin: `http://127.0.0.1:${port}`, stop: () => new Promise((done) => server.close(done)) }),
    ),
  );
}

async function json(origin, path, init = {}) {
  const response = await fetch(`${origin}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** The first account is the admin; it writes one published post so a server-rendered article can be measured. */
async function seed(origin) {
  const account = { name: 'Bench Admin', email: 'bench@example.com', password: 'violet tractor hums 42 fjords' };
  await json(origin, '/api/auth/register', { method: 'POST', body: JSON.stringify(account) });
  const { accessToken } = await json(origin, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const auth = { authorization: `Bearer ${accessToken}` };
  const post = await json(origin, '/api/blogs', {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      title: 'Benchmark article about managed networks',
      content: '## Why\n\nA managed network keeps an office online. '.repeat(40),
      status: 'published',
    }),
  });
  // An edited page (issue 23): the packages document published with another price, so /packages is rendered
  // from the database once and then answered from the public cache instead of its prerendered file.
  const packages = await json(origin, '/api/admin/content/packages', { headers: auth });
  const data = structuredClone(packages.published);
  data.plans[0].price += 1;
  const draft = await json(origin, '/api/admin/content/packages/draft', {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ version: packages.version, data }),
  });
  await json(origin, '/api/admin/content/packages/publish', {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ version: draft.version }),
  });
  return { auth, slug: post.slug };
}

/** Contacts stored with `status` (a comma list); `new` = the ones whose challenge was accepted. */
async function storedContacts(origin, auth, status) {
  const { total } = await json(origin, `/api/admin/contacts?status=${status}`, { headers: auth });
  return total;
}

/**
 * CPU time (ms) the server process has used so far, from /proc (Linux; null elsewhere). Per request it is the
 * figure that holds on a busy machine, where req/s and latency also measure everything else running.
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of the line, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const measure = (url, options) =>
  autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options }).then((result) => ({
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    status2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }));

const reference = await startStaticReference(PORT + 1);
const server = await startServer({
  port: PORT,
  // The lead POSTs are measured, not rate-limited. SPAM_CHALLENGE=score: a POST without a solution is stored as
  // spam, one with a solution as new, so the stored counts show which way each went.
  env: { RATE_LIMIT_MAX: '100000000', SPAM_CHALLENGE: 'score', CHALLENGE_SECRET },
});
const rows = [];
const leadChecks = [];
try {
  const { auth, slug } = await seed(server.origin);
  const contact = JSON.stringify({
    name: 'Bench Visitor',
    email: 'visitor@example.com',
    phone: '+44 20 7946 0000',
    subject: 'Benchmark',
    message: 'A message sent by the benchmark.',
  });
  const targets = [
    { name: 'static reference (same file)', url: `${reference.origin}/`, headers: BR },
    { name: 'GET / (prerendered)', url: `${server.origin}/`, headers: BR },
    { name: 'GET /packages (edited content, from memory)', url: `${server.origin}/packages`, headers: BR },
    { name: 'GET /blog', url: `${server.origin}/blog`, headers: BR },
    { name: `GET /blog/${slug}`, url: `${server.origin}/blog/${slug}`, headers: BR },
    { name: 'GET /api/blogs', url: `${server.origin}/api/blogs`, headers: BR },
    { name: 'GET /api/health', url: `${server.origin}/api/health` },
    { name: 'GET /api/challenge', url: `${server.origin}/api/challenge` },
    {
      name: 'POST /api/contact (no challenge: spam)',
      url: `${server.origin}/api/contact`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: contact,
      lead: 'spam',
    },
    {
      name: 'POST /api/contact (solved challenge)',
      url: `${server.origin}/api/contact`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // A fresh solution for every request: each is accepted once.
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ ...JSON.parse(contact), altcha: solvedAltcha() }),
          }),
        },
      ],
      lead: 'new',
    },
  ];
  let referenceRps = 0;
  const chosen = targets.filter(
    (target, i) =>
      i === 0 ||
      ONLY.length === 0 ||
      ONLY.some((word) => `${target.name} ${target.lead ? 'lead' : ''}`.toLowerCase().includes(word)),
  );
  for (const target of chosen) {
    const before = target.lead ? await storedContacts(server.origin, auth, target.lead) : 0;
    const cpuBefore = target.url.startsWith(server.origin) ? cpuMs(server.pid) : null;
    const result = await measure(target.url, {
      method: target.method ?? 'GET',
      headers: target.headers ?? {},
      ...(target.body ? { body: target.body } : {}),
      ...(target.requests ? { requests: target.requests } : {}),
    });
    const cpuAfter = cpuBefore === null ? null : cpuMs(server.pid);
    const requests = result.status2xx + result.non2xx;
    if (!referenceRps) referenceRps = result.rps;
    if (target.lead) {
      const stored = (await storedContacts(server.origin, auth, target.lead)) - before;
      // Requests still in flight when the run stops are stored without being counted, hence "at least".
      leadChecks.push(
        `${target.name}: ${result.status2xx} answered 201, ${stored} stored as ${target.lead}${stored >= result.status2xx ? ' (every 201 stored)' : ' — LEADS LOST'}`,
      );
    }
    rows.push({
      target: target.name,
      'req/s': result.rps,
      'x static': Number((result.rps / referenceRps).toFixed(2)),
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      'server CPU ms/req': cpuAfter === null || !requests ? '' : Number(((cpuAfter - cpuBefore) / requests).toFixed(2)),
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
} finally {
  await server.stop();
  await reference.stop();
}
console.log(`${CONNECTIONS} connections, ${DURATION_S} s per target, loopback`);
console.table(rows);
for (const check of leadChecks) console.log(check);
