// `npm run bench:api`: request throughput of the built server on loopback, bounded in time:
// a prerendered page, a server-rendered page, the health check and the public blog API.
import autocannon from 'autocannon';
import { startServer } from './bench-server.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const TARGETS = [
  { name: 'GET / (prerendered, brotli)', path: '/', headers: { 'accept-encoding': 'br' } },
  { name: 'GET /blog (server-rendered)', path: '/blog', headers: { 'accept-encoding': 'br' } },
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/blogs', path: '/api/blogs' },
];

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4391) });
const rows = [];
try {
  for (const target of TARGETS) {
    const result = await autocannon({
      url: `${server.origin}${target.path}`,
      headers: target.headers,
      connections: 32,
      duration: DURATION_S,
    });
    rows.push({
      target: target.name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
} finally {
  await server.stop();
}
console.table(rows);
