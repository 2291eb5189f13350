import type { FastifyInstance } from 'fastify';

/** Public lead forms: /api/request-quote, /api/contact, /api/jobs/apply. */
export default async function leadRoutes(app: FastifyInstance) {
  void app;
}
