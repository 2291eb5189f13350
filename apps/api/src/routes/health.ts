import type { FastifyInstance } from 'fastify';

const PING_TIMEOUT_MS = 2000;

/** GET /api/health: 200 when the database answers, 503 otherwise. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async (request, reply) => {
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
