// PATCH /api/auth/me: the account page changes its own name (the Team and the blog show it).
// GET/PUT /api/auth/preferences: which optional mails the account gets (security mails are always sent).
import { PreferencesSchema, ProfileSchema, UserSchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BEARER, errorResponses } from '../../lib/schema.ts';
import { readPreferences, renameAccount, setPreferences } from '../../services/profile.ts';

export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const patchSchema = {
    tags: ['auth'],
    summary: 'Change the signed-in account’s name',
    security: BEARER,
    body: ProfileSchema,
    response: { 200: UserSchema, ...errorResponses(400, 401, 403) },
  };
  app.patch('/me', { onRequest: app.requireRole(), schema: patchSchema }, async (request) =>
    renameAccount(app.db, request, request.body.name),
  );

  const preferencesSchema = {
    tags: ['auth'],
    summary: 'The signed-in account’s mail preferences (the morning digest)',
    security: BEARER,
    response: { 200: PreferencesSchema, ...errorResponses(401, 403) },
  };
  app.get('/preferences', { onRequest: app.requireRole(), schema: preferencesSchema }, async (request) =>
    readPreferences(app.db, request),
  );

  const putPreferencesSchema = {
    tags: ['auth'],
    summary: 'Turn the morning digest on or off (security mails cannot be turned off)',
    security: BEARER,
    body: PreferencesSchema,
    response: { 200: PreferencesSchema, ...errorResponses(400, 401, 403) },
  };
  app.put('/preferences', { onRequest: app.requireRole(), schema: putPreferencesSchema }, async (request) =>
    setPreferences(app.db, request, request.body),
  );
}
