// /api/admin/backups: admins take a backup (202 with its name; it is written and verified in the background),
// list the kept archives, and download one through a link valid five minutes and once. Taking and downloading
// ask again for the current password (and a 2FA code where 2FA is on), and are audited: an archive holds every
// lead, every CV, the password hashes and the 2FA secrets. Messages restored held (pending in the archive) are
// sent or discarded here.
import { createHash, randomBytes } from 'node:crypto';
import {
  BACKUP_LINK_SECONDS,
  BACKUP_MESSAGES,
  BackupHeldResultSchema,
  BackupLinkParamsSchema,
  BackupLinkSchema,
  BackupListSchema,
  BackupParamsSchema,
  BackupReauthSchema,
  BackupStartedSchema,
  MESSAGES,
} from '@agency/contract';
import { schema, sql } from '@agency/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses, fileResponse } from '../../lib/schema.ts';
import { BackupBusyError } from '../../plugins/backups.ts';
import { recordAudit } from '../../services/audit.ts';
import { findUserById, type LoginLimits } from '../../services/auth.ts';
import { confirmIdentity } from '../../services/reauth.ts';
import { secretKeyFrom } from '../../services/two-factor.ts';
import type { ReauthInput } from '@agency/contract';

export interface BackupRoutesOptions {
  login: LoginLimits;
  jwtSecret: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export default async function backupRoutes(
  fastify: FastifyInstance,
  { login: limits, jwtSecret }: BackupRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const key = secretKeyFrom(jwtSecret);
  const tags = ['backups'];

  // The link is opened by the browser itself (no Authorization header): the token is the permission.
  const linkSchema = {
    tags,
    summary:
      'Download a backup archive through a link from POST /api/admin/backups/{name}/download (five minutes, once)',
    params: BackupLinkParamsSchema,
    response: {
      200: fileResponse(
        'application/gzip',
        'The .tar.gz archive (age-encrypted when BACKUP_ENCRYPTION_RECIPIENTS is set)',
      ),
      ...errorResponses(404),
    },
  };
  app.get('/links/:token', { schema: linkSchema }, async (request, reply) => {
    const used = (await app.db.execute(
      sql`update backup_links set used_at = now()
          where token_hash = ${hashToken(request.params.token)} and used_at is null and expires_at > now()
          returning name`,
    )) as unknown as { rows: { name: string }[] };
    const name = used.rows[0]?.name;
    const archive = name ? await app.backups.store.open(name) : null;
    if (!name || !archive) throw new HttpError(404, BACKUP_MESSAGES.linkGone);
    return reply
      .type('application/gzip')
      .header('content-length', archive.size)
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(archive.stream);
  });

  await app.register(async (admin) => {
    const routes = admin.withTypeProvider<ZodTypeProvider>();
    routes.addHook('onRequest', app.requireRole('admin'));

    /** 401 naming `currentPassword` (or `code`) unless the caller proved it is them again. */
    async function reauthenticate(request: FastifyRequest, input: ReauthInput | undefined) {
      const user = await findUserById(app.db, request.user!.id);
      if (!user) throw new HttpError(401, MESSAGES.http.invalidToken);
      return confirmIdentity({ db: app.db, key, limits, ip: request.ip }, user, input ?? {});
    }

    const createSchema = {
      tags,
      summary:
        'Take a backup now (current password, and a 2FA code where 2FA is on): 202 with its name; it is written, read back and verified in the background',
      security: BEARER,
      body: BackupReauthSchema,
      response: { 202: BackupStartedSchema, ...errorResponses(400, 401, 403, 409, 429) },
    };
    routes.post('/', { schema: createSchema }, async (request, reply) => {
      const method = await reauthenticate(request, request.body);
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
      await recordAudit(app.db, request, {
        action: 'backup.requested',
        target: { type: 'backup', id: name },
        data: { reauth: method },
      });
      return reply.code(202).send({ name });
    });

    const listSchema = {
      tags,
      summary: 'The kept backups, newest first',
      security: BEARER,
      response: { 200: BackupListSchema, ...errorResponses(401, 403) },
    };
    routes.get('/', { schema: listSchema }, async () => ({ items: await app.backups.list() }));

    const downloadSchema = {
      tags,
      summary: `A link to download one backup archive, valid ${BACKUP_LINK_SECONDS / 60} minutes and once (current password, and a 2FA code where 2FA is on; audited)`,
      security: BEARER,
      params: BackupParamsSchema,
      body: BackupReauthSchema,
      response: { 200: BackupLinkSchema, ...errorResponses(400, 401, 403, 404, 429) },
    };
    routes.post('/:name/download', { schema: downloadSchema }, async (request) => {
      const { name } = request.params;
      const method = await reauthenticate(request, request.body);
      const archive = await app.backups.store.open(name);
      if (!archive) throw new HttpError(404, 'There is no backup of that name.');
      archive.stream.destroy();
      const token = randomBytes(32).toString('base64url');
      await app.db.insert(schema.backupLinks).values({
        tokenHash: hashToken(token),
        name,
        userId: request.user!.id,
        expiresAt: sql`now() + make_interval(secs => ${BACKUP_LINK_SECONDS})`,
      });
      // Links nobody used are of no use after a day.
      await app.db.execute(sql`delete from backup_links where expires_at < now() - interval '1 day'`);
      await recordAudit(app.db, request, {
        action: 'backup.downloaded',
        target: { type: 'backup', id: name },
        data: { reauth: method },
      });
      return { url: `/api/admin/backups/links/${token}` };
    });

    const heldSchema = (summary: string) => ({
      tags,
      summary,
      security: BEARER,
      response: { 200: BackupHeldResultSchema, ...errorResponses(401, 403) },
    });
    routes.post(
      '/held/send',
      { schema: heldSchema('Send the mail and webhooks that were pending in the restored backup') },
      async (request) => {
        const released = (await app.db.execute(
          sql`update outbox set held_at = null, next_attempt_at = now() where held_at is not null and sent_at is null
              returning id`,
        )) as unknown as { rows: unknown[] };
        await recordAudit(app.db, request, {
          action: 'backup.held_sent',
          target: { type: 'backup', id: 'held-messages' },
          data: { count: released.rows.length },
        });
        app.outbox.kick();
        return { count: released.rows.length };
      },
    );
    routes.post(
      '/held/discard',
      { schema: heldSchema('Discard the mail and webhooks that were pending in the restored backup (never sent)') },
      async (request) => {
        const discarded = (await app.db.execute(
          sql`delete from outbox where held_at is not null and sent_at is null returning id`,
        )) as unknown as { rows: unknown[] };
        await recordAudit(app.db, request, {
          action: 'backup.held_discarded',
          target: { type: 'backup', id: 'held-messages' },
          data: { count: discarded.rows.length },
        });
        return { count: discarded.rows.length };
      },
    );
  });
}
