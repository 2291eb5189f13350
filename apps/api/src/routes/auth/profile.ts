// PATCH /api/auth/me: the account page changes its own name (the Team and the blog show it).
import { MESSAGES, ProfileSchema, UserSchema } from '@agency/contract';
import { eq, schema } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses } from '../../lib/schema.ts';
import { toUser } from '../../services/auth.ts';

export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const patchSchema = {
    tags: ['auth'],
    summary: 'Change the signed-in account’s name',
    security: BEARER,
    body: ProfileSchema,
    response: { 200: UserSchema, ...errorResponses(400, 401, 403) },
  };
  app.patch('/me', { onRequest: app.requireRole(), schema: patchSchema }, async (request) => {
    const [row] = await app.db
      .update(schema.users)
      .set({ name: request.body.name, updatedAt: new Date() })
      .where(eq(schema.users.id, request.user!.id))
      .returning();
    if (!row) throw new HttpError(401, MESSAGES.http.invalidToken);
    return toUser(row);
  });
}
