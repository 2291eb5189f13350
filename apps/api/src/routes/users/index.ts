import { MESSAGES, RoleChangeSchema, type Role } from '@agency/contract';
import { asc, count, eq, schema, sql } from '@agency/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { parseOr400 } from '../../lib/validate.ts';
import { recordAudit } from '../../services/audit.ts';
import { ROLE_CHANGE_LOCK, toUser } from '../../services/auth.ts';

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
  async function changeAccount(request: FastifyRequest, id: string, change: { role: Role } | 'delete') {
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
      const subject = { type: 'user', id } as const;
      if (change === 'delete') {
        await tx.delete(schema.users).where(eq(schema.users.id, id));
        await recordAudit(tx, request, {
          action: 'user.removed',
          target: subject,
          data: { name: target.name, role: target.role },
        });
        return null;
      }
      const [updated] = await tx
        .update(schema.users)
        .set({ role: change.role, updatedAt: new Date() })
        .where(eq(schema.users.id, id))
        .returning();
      if (target.role !== change.role) {
        await recordAudit(tx, request, {
          action: 'user.role_changed',
          target: subject,
          data: { name: target.name, from: target.role, to: change.role },
        });
      }
      return updated ? toUser(updated) : null;
    });
  }

  app.patch<{ Params: { id: string } }>('/:id', async (request) => {
    const { role } = parseOr400(RoleChangeSchema, request.body);
    const user = await changeAccount(request, request.params.id, { role });
    if (!user) throw new HttpError(404, MESSAGES.users.notFound);
    return user;
  });

  app.delete<{ Params: { id: string } }>('/:id', async (request, reply) => {
    await changeAccount(request, request.params.id, 'delete');
    return reply.status(204).send();
  });
}
