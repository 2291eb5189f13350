// TEMPORARY stub until issue-11a lands services/audit.ts.
import type { Db } from '@agency/db';
import type { FastifyRequest } from 'fastify';
export interface AuditInput {
  action: string;
  target?: { type: string; id: string };
  data?: Record<string, unknown>;
  actor?: { id: string | null; name: string };
}
export type AuditContext = Pick<FastifyRequest, 'ip' | 'user'> | null;
export async function recordAudit(_db: Pick<Db, 'insert'>, _request: AuditContext, _input: AuditInput): Promise<void> {}
