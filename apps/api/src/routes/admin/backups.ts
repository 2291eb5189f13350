// /api/admin/backups: admins take a backup (202 with its name; it is written and verified in the background),
// list the kept archives, and download one. Taking and downloading are audited: an archive holds every lead.
import { BackupListSchema, BackupParamsSchema, BackupStartedSchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses, fileResponse } from '../../lib/schema.ts';
import { BackupBusyError } from '../../plugins/backups.ts';
import { recordAudit } from '../../services/audit.ts';

export default async function backupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole('admin'));
  const tags = ['backups'];

  const createSchema = {
    tags,
    summary: 'Take a backup now: 202 with its name; it is written, read back and verified in the background',
    security: BEARER,
    response: { 202: BackupStartedSchema, ...errorResponses(401, 403, 409) },
  };
  app.post('/', { schema: createSchema }, async (request, reply) => {
    const { started, done } = app.backups.start('admin');
    let name: string;
    try {
      name = await started;
    } catch (error) {
      if (error instanceof BackupBusyError) throw new HttpError(409, error.message);
      throw error;
    }
    // Its outcome is recorded in backup_runs (the dashboard shows it) and a failure is mailed to the admins.
    done.catch(() => {});
    await recordAudit(app.db, request, { action: 'backup.requested', target: { type: 'backup', id: name } });
    return reply.code(202).send({ name });
  });

  const listSchema = {
    tags,
    summary: 'The kept backups, newest first',
    security: BEARER,
    response: { 200: BackupListSchema, ...errorResponses(401, 403) },
  };
  app.get('/', { schema: listSchema }, async () => ({ items: await app.backups.list() }));

  const downloadSchema = {
    tags,
    summary: 'Download one backup archive (every table and file: audited)',
    security: BEARER,
    params: BackupParamsSchema,
    response: {
      200: fileResponse('application/gzip', 'The .tar.gz archive'),
      ...errorResponses(401, 403, 404),
    },
  };
  app.get('/:name', { schema: downloadSchema }, async (request, reply) => {
    const { name } = request.params;
    const archive = await app.backups.store.open(name);
    if (!archive) throw new HttpError(404, 'There is no backup of that name.');
    await recordAudit(app.db, request, { action: 'backup.downloaded', target: { type: 'backup', id: name } });
    return reply
      .type('application/gzip')
      .header('content-length', archive.size)
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(archive.stream);
  });
}
