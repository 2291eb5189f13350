// `npm run bench:api`: request throughput of the built server on loopback, bounded in time, next to a
// minimal static server that sends the same prerendered file from memory: the limit any Node server reaches
// on this machine in the same run. Prints req/s, the ratio to that reference, p50/p99, and for the lead POST
// whether every 201 was stored.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import { startServer } from './bench-server.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 4391);
const BR = { 'accept-encoding': 'br, gzip' };

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
  const account = { name: 'Bench Admin', email: 'bench@example.com', password: 'bench-password-123' };
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
  return { auth, slug: post.slug };
}

async function storedContacts(origin, auth) {
  const { total } = await json(origin, '/api/admin/contacts', { headers: auth });
  return total;
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
  // The lead POST is measured, not rate-limited; the challenge is measured by its own target.
  env: { RATE_LIMIT_MAX: '100000000', SPAM_CHALLENGE: 'off' },
});
const rows = [];
let leadCheck = '';
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
    { name: 'GET /blog', url: `${server.origin}/blog`, headers: BR },
    { name: `GET /blog/${slug}`, url: `${server.origin}/blog/${slug}`, headers: BR },
    { name: 'GET /api/blogs', url: `${server.origin}/api/blogs`, headers: BR },
    { name: 'GET /api/health', url: `${server.origin}/api/health` },
    {
      name: 'POST /api/contact',
      url: `${server.origin}/api/contact`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: contact,
      lead: true,
    },
  ];
  let referenceRps = 0;
  for (const target of targets) {
    const before = target.lead ? await storedContacts(server.origin, auth) : 0;
    const result = await measure(target.url, {
      method: target.method ?? 'GET',
      headers: target.headers ?? {},
      ...(target.body ? { body: target.body } : {}),
    });
    if (!referenceRps) referenceRps = result.rps;
    if (target.lead) {
      const stored = (await storedContacts(server.origin, auth)) - before;
      // Requests still in flight when the run stops are stored without being counted, hence "at least".
      leadCheck = `lead POST: ${result.status2xx} answered 201, ${stored} stored${stored >= result.status2xx ? ' (every 201 stored)' : ' — LEADS LOST'}`;
    }
    rows.push({
      target: target.name,
      'req/s': result.rps,
      'x static': Number((result.rps / referenceRps).toFixed(2)),
      'p50 ms': result.p50,
      'p99 ms': result.p99,
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
if (leadCheck) console.log(leadCheck);
