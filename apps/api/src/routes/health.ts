import type { FastifyInstance } from 'fastify';
import { createHealthCheck } from '../services/health.ts';

/** GET /api/health: 200 `{ status: "ok" }`, or 503 `{ status: "error", failing: [...] }` naming what fails. */
export default async function healthRoutes(app: FastifyInstance) {
  const check = createHealthCheck(app.database, app.storage);
  app.get('/health', async (request, reply) => {
    const { failing, errors } = await check();
    if (failing.length === 0) return { status: 'ok' };
    request.log.warn({ failing, err: errors[0] }, 'health check failed');
    return reply.status(503).send({ status: 'error', failing });
  });
}
