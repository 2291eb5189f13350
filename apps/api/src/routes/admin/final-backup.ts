// /api/admin/backups/final: the move to another server (issue 30 point 3, decision 0027). POST takes the site's
// writes off on every instance and takes the last backup, with the mail still pending in it (202); DELETE
// lifts the state (a move called off). Both audited.
import { FinalBackupSchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import { BackupBusyError } from '../../plugins/backups.ts';
import { recordAudit } from '../../services/audit.ts';
import { liftWritesOff, readWritesOff } from '../../services/writes-off.ts';

export default async function finalBackupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('admin'));
  const tags = ['backups'];

  const finalSchema = {
    tags,
    summary:
      "The move's last backup: the site's writes off on every instance (lead posts, sign-ups and staff changes answer 503 with Retry-After, pages stay up, no mail is sent), then a backup holding the pending mail; 202 with its name",
    security: BEARER,
    response: { 202: FinalBackupSchema, ...errorResponses(401, 403, 409) },
  };
  app.post('/', { schema: finalSchema }, async (request, reply) => {
    let started;
    try {
      started = await app.writes.final('admin');
    } catch (error) {
      if (error instanceof BackupBusyError) throw new HttpError(409, error.message);
      throw error;
    }
    started.done.catch(() => {});
    await recordAudit(app.db, request, { action: 'backup.final', target: { type: 'backup', id: started.name } });
    return reply.code(202).send({ name: started.name, writesOff: started.writesOff });
  });

  const stateSchema = {
    tags,
    summary: "Whether the site's writes are off for a move, and since when",
    security: BEARER,
    response: {
      200: z.object({ writesOff: z.object({ since: z.string(), reason: z.string() }).nullable() }),
      ...errorResponses(401, 403),
    },
  };
  app.get('/', { schema: stateSchema }, async () => ({ writesOff: await readWritesOff(app.db) }));

  const liftSchema = {
    tags,
    summary: "Takes the site's writes back on (a move called off): 204",
    security: BEARER,
    response: { 204: NO_CONTENT, ...errorResponses(401, 403) },
  };
  app.delete('/', { schema: liftSchema }, async (request, reply) => {
    await liftWritesOff(app.db);
    app.writes.forget();
    await recordAudit(app.db, request, { action: 'backup.writes_on', target: { type: 'backup', id: 'final' } });
    return reply.code(204).send();
  });
}
