// /api/admin/leads, /owners, /board, /people, /follow-ups, /reply-templates: the staff's views over every kind of
// lead at once (admins and sales).
import {
  BoardSchema,
  FollowUpListSchema,
  FollowUpsQuerySchema,
  InboxQuerySchema,
  InboxSchema,
  LeadOwnersSchema,
  PeopleQuerySchema,
  PersonViewSchema,
  ReplyTemplateListSchema,
  ReplyTemplatesSchema,
  ROLE_ACCESS,
} from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BEARER, errorResponses, fileResponse } from '../../lib/schema.ts';
import { hashEmail, recordAudit } from '../../services/audit.ts';
import { board } from '../../services/lead-board.ts';
import { exportInbox } from '../../services/lead-export.ts';
import { followUps, inbox, leadOwners, personView } from '../../services/lead-desk.ts';
import { readReplyTemplates, saveReplyTemplates } from '../../services/lead-replies.ts';

const tags = ['admin'];

export interface DeskRoutesOptions {
  /** TIME_ZONE: what "due today" means. */
  timeZone: string;
}

export default async function deskRoutes(fastify: FastifyInstance, { timeZone }: DeskRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireRole(...ROLE_ACCESS.leads));

  const inboxSchema = {
    tags,
    summary: 'One page of leads of every kind (or `kind`), newest first, with the count of new unassigned leads',
    security: BEARER,
    querystring: InboxQuerySchema,
    response: { 200: InboxSchema, ...errorResponses(400, 401, 403) },
  };
  app.get('/leads', { schema: inboxSchema }, async (request) => inbox(app.db, request, request.query, timeZone));

  /** The inbox's filters and sort apply (without them: every lead but spam); each exported lead gets an `exported` event. */
  const exportSchema = {
    tags,
    summary:
      'Every kind of lead (or `kind`) as one CSV, with the inbox’s filters: kind, status, owner, deal value, follow-up, source and campaign',
    security: BEARER,
    querystring: InboxQuerySchema,
    response: { 200: fileResponse('text/csv', 'CSV, one row per lead'), ...errorResponses(400, 401, 403) },
  };
  app.get('/leads/export.csv', { schema: exportSchema }, async (request, reply) => {
    const { csv, fileName } = await exportInbox(app.db, request, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(csv);
  });

  const ownersSchema = {
    tags,
    summary: 'The accounts a lead can be given to (admins and sales), by name',
    security: BEARER,
    response: { 200: LeadOwnersSchema, ...errorResponses(401, 403) },
  };
  app.get('/owners', { schema: ownersSchema }, async () => ({ items: await leadOwners(app.db) }));

  const boardSchema = {
    tags,
    summary: 'The deal board: quotes and contact messages by pipeline stage, each column with its count and value',
    security: BEARER,
    response: { 200: BoardSchema, ...errorResponses(401, 403) },
  };
  app.get('/board', { schema: boardSchema }, async () => board(app.db));

  const peopleSchema = {
    tags,
    summary: 'Everything one address sent (any case), newest first, with notes and the replies sent to it',
    security: BEARER,
    querystring: PeopleQuerySchema,
    response: { 200: PersonViewSchema, ...errorResponses(400, 401, 403) },
  };
  app.get('/people', { schema: peopleSchema }, async (request) => {
    const view = await personView(app.db, request.query.email);
    // Opening a person's page is looking at personal data: recorded, with the address hashed.
    await recordAudit(app.db, request, {
      action: 'person.viewed',
      target: { type: 'email', id: hashEmail(request.query.email) },
      data: { leads: view.leads.length },
    });
    return view;
  });

  const followUpsSchema = {
    tags,
    summary: 'Follow-ups due by the end of today (TIME_ZONE) and overdue, of `owner` (me, all or an account id)',
    security: BEARER,
    querystring: FollowUpsQuerySchema,
    response: { 200: FollowUpListSchema, ...errorResponses(400, 401, 403) },
  };
  app.get('/follow-ups', { schema: followUpsSchema }, async (request) =>
    followUps(app.db, request, request.query.owner, timeZone),
  );

  const templatesSchema = {
    tags,
    summary: 'The reply templates staff start from, per kind, in order',
    security: BEARER,
    response: { 200: ReplyTemplateListSchema, ...errorResponses(401, 403) },
  };
  app.get('/reply-templates', { schema: templatesSchema }, async () => ({
    templates: await readReplyTemplates(app.db),
  }));

  const putTemplatesSchema = {
    tags,
    summary: 'Replace the reply templates (the whole list, in order)',
    security: BEARER,
    body: ReplyTemplatesSchema,
    response: { 200: ReplyTemplateListSchema, ...errorResponses(400, 401, 403) },
  };
  app.put('/reply-templates', { schema: putTemplatesSchema }, async (request) => {
    const templates = await saveReplyTemplates(app.db, request, request.body.templates);
    return { templates };
  });
}
