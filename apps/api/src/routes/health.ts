import { HealthSchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHealthCheck } from '../services/health.ts';

/** GET /api/health: 200 `{ status: "ok" }`, or 503 `{ status: "error", failing: [...] }` naming what fails. */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const check = createHealthCheck(app.database, app.storage);
  const schema = {
    tags: ['health'],
    summary: 'Whether this instance can serve: 200, or 503 naming the failing parts (database, storage)',
    response: { 200: HealthSchema, 503: HealthSchema },
  };
  app.get('/health', { schema }, async (request, reply) => {
    const { failing, errors } = await check();
    if (failing.length === 0) return { status: 'ok' };
    request.log.warn({ failing, err: errors[0] }, 'health check failed');
    return reply.status(503).send({ status: 'error', failing });
  });
}
