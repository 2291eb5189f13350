// PATCH /api/auth/me: the account page changes its own name (the Team and the blog show it).
// GET/PUT /api/auth/preferences: which optional mails the account gets (security mails are always sent).
import { MESSAGES, PreferencesSchema, ProfileSchema, UserSchema } from '@agency/contract';
import { eq, schema } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses } from '../../lib/schema.ts';
import { recordAudit } from '../../services/audit.ts';
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

  const preferencesSchema = {
    tags: ['auth'],
    summary: 'The signed-in account’s mail preferences (the morning digest)',
    security: BEARER,
    response: { 200: PreferencesSchema, ...errorResponses(401, 403) },
  };
  app.get('/preferences', { onRequest: app.requireRole(), schema: preferencesSchema }, async (request) => {
    const [row] = await app.db
      .select({ digestMail: schema.users.digestMail })
      .from(schema.users)
      .where(eq(schema.users.id, request.user!.id));
    if (!row) throw new HttpError(401, MESSAGES.http.invalidToken);
    return row;
  });

  const putPreferencesSchema = {
    tags: ['auth'],
    summary: 'Turn the morning digest on or off (security mails cannot be turned off)',
    security: BEARER,
    body: PreferencesSchema,
    response: { 200: PreferencesSchema, ...errorResponses(400, 401, 403) },
  };
  app.put('/preferences', { onRequest: app.requireRole(), schema: putPreferencesSchema }, async (request) => {
    const [row] = await app.db
      .update(schema.users)
      .set({ digestMail: request.body.digestMail, updatedAt: new Date() })
      .where(eq(schema.users.id, request.user!.id))
      .returning({ digestMail: schema.users.digestMail });
    if (!row) throw new HttpError(401, MESSAGES.http.invalidToken);
    await recordAudit(app.db, request, { action: 'auth.preferences_changed', data: { digestMail: row.digestMail } });
    return row;
  });
}
