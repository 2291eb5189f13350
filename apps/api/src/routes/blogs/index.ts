import type { FastifyInstance } from 'fastify';

/** /api/blogs/*: public list and post, editor/admin writes. */
export default async function blogRoutes(app: FastifyInstance) {
  void app;
}
