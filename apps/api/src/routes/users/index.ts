import { MESSAGES, RoleChangeSchema, TwoFactorPolicySchema, type Role } from '@agency/contract';
import { asc, count, eq, schema, sql } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { parseOr400 } from '../../lib/validate.ts';
import { recordAudit } from '../../services/audit.ts';
import { ROLE_CHANGE_LOCK, toUser } from '../../services/auth.ts';
import { endAllSessions } from '../../services/sessions.ts';
import { isTwoFactorRequired, setTwoFactorRequired } from '../../services/two-factor.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /api/users/*: the admins' Team area (list accounts, change roles, remove). */
export default async function userRoutes(app: FastifyInstance) {
  app.addHook('preHandler', app.requireRole('admin'));

  app.get('/', async () => {
    const rows = await app.db.select().from(schema.users).orderBy(asc(schema.users.createdAt));
    return rows.map(toUser);
  });

  /**
   * Changes or removes an account. Runs under an advisory lock so that two admins demoting each
   * other at the same moment cannot leave the site without an admin.
   */
  async function changeAccount(id: string, change: { role: Role } | 'delete') {
    if (!UUID.test(id)) throw new HttpError(404, MESSAGES.users.notFound);
    return app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
      const [target] = await tx.select().from(schema.users).where(eq(schema.users.id, id));
      if (!target) throw new HttpError(404, MESSAGES.users.notFound);
      const losesAdmin = target.role === 'admin' && (change === 'delete' || change.role !== 'admin');
      if (losesAdmin) {
        const [{ admins } = { admins: 0 }] = await tx
          .select({ admins: count() })
          .from(schema.users)
          .where(eq(schema.users.role, 'admin'));
        if (admins <= 1) throw new HttpError(409, MESSAGES.users.lastAdmin);
      }
      if (change === 'delete') {
        await tx.delete(schema.users).where(eq(schema.users.id, id));
        return null;
      }
      const [updated] = await tx
        .update(schema.users)
        .set({ role: change.role, updatedAt: new Date() })
        .where(eq(schema.users.id, id))
        .returning();
      return updated ? toUser(updated) : null;
    });
  }

  app.patch<{ Params: { id: string } }>('/:id', async (request) => {
    const { role } = parseOr400(RoleChangeSchema, request.body);
    const user = await changeAccount(request.params.id, { role });
    if (!user) throw new HttpError(404, MESSAGES.users.notFound);
    return user;
  });

  app.delete<{ Params: { id: string } }>('/:id', async (request, reply) => {
    await changeAccount(request.params.id, 'delete');
    return reply.status(204).send();
  });

  /** Ends every session of a team member (a lost laptop, someone leaving). */
  app.post<{ Params: { id: string } }>('/:id/sign-out', async (request, reply) => {
    const { id } = request.params;
    if (!UUID.test(id)) throw new HttpError(404, MESSAGES.users.notFound);
    const [target] = await app.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, id));
    if (!target) throw new HttpError(404, MESSAGES.users.notFound);
    const ended = await endAllSessions(app.db, id);
    await recordAudit(app.db, request, {
      action: 'user.signed_out_everywhere',
      target: { type: 'user', id },
      data: { sessionsEnded: ended },
    });
    return reply.status(204).send();
  });

  /** Whether every staff account must use two-factor sign-in (enforced in plugins/auth.ts). */
  app.get('/two-factor-policy', async () => ({ required: await isTwoFactorRequired(app.db) }));

  app.put('/two-factor-policy', async (request) => {
    const { required } = parseOr400(TwoFactorPolicySchema, request.body);
    const before = await isTwoFactorRequired(app.db);
    await setTwoFactorRequired(app.db, required);
    if (before !== required) {
      await recordAudit(app.db, request, {
        action: 'settings.2fa_required_changed',
        data: { from: before, to: required },
      });
    }
    return { required };
  });
}
