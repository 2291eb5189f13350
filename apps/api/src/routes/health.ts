import { HealthSchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const PING_TIMEOUT_MS = 2000;

/** GET /api/health: 200 when the database answers, 503 otherwise. */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['health'],
    summary: 'Whether this instance can serve: 200 when it can, else 503',
    response: { 200: HealthSchema, 503: HealthSchema },
  };
  app.get('/health', { schema }, async (request, reply) => {
    try {
      await Promise.race([
        app.database.ping(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS).unref(),
        ),
      ]);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable', error: 'The database is not answering' });
    }
  });
}
