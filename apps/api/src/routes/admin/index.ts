import type { FastifyInstance } from 'fastify';

/** /api/admin/{quotes|contacts|applications}: the admins' leads inbox. */
export default async function adminLeadRoutes(app: FastifyInstance) {
  void app;
}
