import type { FastifyInstance } from 'fastify';

/** /api/uploads/images: blog images for editors and admins. */
export default async function uploadRoutes(app: FastifyInstance) {
  void app;
}
