import type { FastifyInstance } from 'fastify';

/** /api/users/*: the admins' Team area (list accounts, change roles, remove). */
export default async function userRoutes(app: FastifyInstance) {
  void app;
}
