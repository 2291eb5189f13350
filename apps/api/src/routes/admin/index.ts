import {
  LeadAttachmentParamsSchema,
  LeadBulkResponseSchema,
  LeadBulkSchema,
  LeadReplyResponseSchema,
  LeadReplySchema,
  LeadUpdateSchema,
  LeadDetailSchema,
  LeadEventSchema,
  LeadItemSchema,
  LeadKindParamsSchema,
  LeadListQuerySchema,
  LeadListSchema,
  LeadNoteSchema,
  LeadParamsSchema,
  ResendResponseSchema,
  ROLE_ACCESS,
} from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BEARER, errorResponses, fileResponse, NO_CONTENT } from '../../lib/schema.ts';
import { exportLeads, listLeads, openLeadFile, showLead } from '../../services/lead-admin.ts';
import { bulkChange } from '../../services/lead-bulk.ts';
import { addNote, changeLead, eraseLead, resendNotification } from '../../services/lead-changes.ts';
import { openLeadAttachment } from '../../services/lead-attachments.ts';
import type { IntakeConfig } from '../../services/lead-intake.ts';
import { type ReplyConfig, replyToLead } from '../../services/lead-replies.ts';
import { currentMailSite } from '../../services/site-details.ts';
import statsRoutes from './stats.ts';

const tags = ['admin'];

export interface AdminLeadRoutesOptions {
  /** Mail and webhook settings, for resend, replies and leads moved out of spam (the app's Config). */
  delivery: IntakeConfig & ReplyConfig & { /** IANA zone of the dashboard's months (TIME_ZONE). */ timeZone: string };
}

/**
 * /api/admin/{quotes|contacts|applications}: the leads inbox of admins and sales, and /api/admin/stats. Erasing a
 * lead is a privacy tool: admins only.
 */
export default async function adminLeadRoutes(fastify: FastifyInstance, { delivery }: AdminLeadRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // onRequest, so a stranger is answered 401 before anything about the request is looked at.
  app.addHook('onRequest', app.requireRole(...ROLE_ACCESS.leads));

  await app.register(statsRoutes, { timeZone: delivery.timeZone });

  /** The settings a lead change mails with, and the site as published now (read only when a mail goes out). */
  const staffDelivery = { ...delivery, mailSite: () => currentMailSite(app.siteContent, delivery.siteUrl) };

  const listSchema = {
    tags,
    summary: 'One page of leads of a kind, newest first, searched and filtered',
    security: BEARER,
    params: LeadKindParamsSchema,
    querystring: LeadListQuerySchema,
    response: { 200: LeadListSchema, ...errorResponses(400, 401, 403, 404) },
  };
  app.get('/:kind', { schema: listSchema }, async (request) =>
    listLeads(app, request, request.params.kind, request.query),
  );

  /** The list's filters apply (without them: every lead but spam); each exported lead gets an `exported` event. */
  const exportSchema = {
    tags,
    summary: 'The leads of a kind as CSV, with the list’s filters',
    security: BEARER,
    params: LeadKindParamsSchema,
    querystring: LeadListQuerySchema,
    response: { 200: fileResponse('text/csv', 'CSV, one row per lead'), ...errorResponses(400, 401, 403, 404) },
  };
  app.get('/:kind/export.csv', { schema: exportSchema }, async (request, reply) => {
    const { csv, fileName } = await exportLeads(app, request, request.params.kind, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(csv);
  });

  const showSchema = {
    tags,
    summary: 'One lead with its timeline and notifications',
    security: BEARER,
    params: LeadParamsSchema,
    response: { 200: LeadDetailSchema, ...errorResponses(401, 403, 404) },
  };
  app.get('/:kind/:id', { schema: showSchema }, async (request) =>
    showLead(app, request, request.params.kind, request.params.id),
  );

  const patchSchema = {
    tags,
    summary: 'Change a lead’s status, owner, handled flag, follow-up or (quotes) deal value',
    security: BEARER,
    params: LeadParamsSchema,
    body: LeadUpdateSchema,
    response: { 200: LeadItemSchema, ...errorResponses(400, 401, 403, 404) },
  };
  app.patch('/:kind/:id', { schema: patchSchema }, async (request) =>
    changeLead(app, request, staffDelivery, request.params.kind, request.params.id, request.body),
  );

  /** `{ text }` → 201 with the timeline entry. */
  const noteSchema = {
    tags,
    summary: 'Add a note to a lead’s timeline',
    security: BEARER,
    params: LeadParamsSchema,
    body: LeadNoteSchema,
    response: { 201: LeadEventSchema, ...errorResponses(400, 401, 403, 404) },
  };
  app.post('/:kind/:id/notes', { schema: noteSchema }, async (request, reply) =>
    reply.status(201).send(await addNote(app, request, request.params.kind, request.params.id, request.body.text)),
  );

  /** Queues the agency's notification again → 202 `{ queued }`; 409 without an inbox to send it to. */
  const resendSchema = {
    tags,
    summary: 'Queue the agency’s notification of a lead again',
    security: BEARER,
    params: LeadParamsSchema,
    response: { 202: ResendResponseSchema, ...errorResponses(401, 403, 404, 409) },
  };
  app.post('/:kind/:id/resend', { schema: resendSchema }, async (request, reply) => {
    const queued = await resendNotification(app, request, delivery, request.params.kind, request.params.id);
    return reply.status(202).send({ queued });
  });

  /**
   * `{ subject, text }` → 202: a plain-text mail to the lead's sender, its merge fields filled; 400 naming a token
   * left unfilled, 409 when the lead is spam or was erased, 429 past REPLIES_PER_LEAD/ACCOUNT_PER_HOUR.
   */
  const replySchema = {
    tags,
    summary:
      'Reply to the lead’s sender by mail (through the outbox; Reply-To the mailbox INBOUND_ADDRESS, else REPLY_TO or the staff member), merge fields filled',
    security: BEARER,
    params: LeadParamsSchema,
    body: LeadReplySchema,
    response: { 202: LeadReplyResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
  };
  app.post('/:kind/:id/reply', { schema: replySchema }, async (request, reply) => {
    const { kind, id } = request.params;
    const outboxId = await replyToLead(app, request, delivery, kind, id, request.body);
    return reply.status(202).send({ queued: 1 as const, outboxId });
  });

  /** `{ ids, action, value? }` → `{ updated }`, all or nothing. */
  const bulkSchema = {
    tags,
    summary: 'One action (status, owner, spam, not_spam, delete) on up to 500 leads of a kind, in one transaction',
    security: BEARER,
    params: LeadKindParamsSchema,
    body: LeadBulkSchema,
    response: { 200: LeadBulkResponseSchema, ...errorResponses(400, 401, 403, 404) },
  };
  app.post('/:kind/bulk', { schema: bulkSchema }, async (request) => ({
    updated: await bulkChange(app, request, staffDelivery, request.params.kind, request.body),
  }));

  /** Erasure on request: the lead, its file, its timeline and its mails (sent or waiting) are all removed. */
  const deleteSchema = {
    tags,
    summary: 'Erase a lead with its file, timeline and mails',
    security: BEARER,
    params: LeadParamsSchema,
    response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404) },
  };
  const adminsOnly = app.requireRole(...ROLE_ACCESS.admin);
  app.delete('/:kind/:id', { onRequest: adminsOnly, schema: deleteSchema }, async (request, reply) => {
    await eraseLead(app, request, request.params.kind, request.params.id);
    return reply.status(204).send();
  });

  const fileSchema = {
    tags,
    summary: 'Download the file of a quote or job application',
    security: BEARER,
    params: LeadParamsSchema,
    response: {
      200: fileResponse('application/octet-stream', 'The file, with its stored content type'),
      ...errorResponses(401, 403, 404),
    },
  };
  app.get('/:kind/:id/file', { schema: fileSchema }, async (request, reply) => {
    const file = await openLeadFile(app, request, request.params.kind, request.params.id);
    return reply.headers(file.headers).send(file.stream);
  });

  const attachmentSchema = {
    tags,
    summary: 'Download a file that came with the sender’s answer (its id from the reply_received timeline entry)',
    security: BEARER,
    params: LeadAttachmentParamsSchema,
    response: {
      200: fileResponse('application/octet-stream', 'The file, with the content type its bytes were recognised as'),
      ...errorResponses(401, 403, 404),
    },
  };
  app.get('/:kind/:id/attachments/:attachmentId', { schema: attachmentSchema }, async (request, reply) => {
    const { kind, id, attachmentId } = request.params;
    const file = await openLeadAttachment(app, request, kind, id, attachmentId);
    return reply.headers(file.headers).send(file.stream);
  });
}
