import type { FastifyInstance } from 'fastify';

/** /api/auth/*: register, login, refresh-token, logout, me. */
export default async function authRoutes(app: FastifyInstance) {
  void app;
}
