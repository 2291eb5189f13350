// /api/admin/content: the site's content documents for editors and admins (issues 23 and 31): list, read with
// the publish checks and who else is editing, save the draft (a stale version → 409 naming who and when),
// publish now or later (failing checks → 422, each named by its field's label; an admin may override,
// audited), preview link, revisions and restore, the editor's presence heartbeat. Declarations only: the work
// is in services/content-workflow.ts (one transaction each) and services/editor-presence.ts (in the database,
// shared by every instance).
// /api/content/{key}: what the public sees of one document (public cache).
import {
  ContentChecksFailedSchema,
  ContentCheckSchema,
  ContentDocumentAnswerSchema,
  ContentDraftBodySchema,
  ContentKeyParamsSchema,
  ContentListSchema,
  ContentPresenceAnswerSchema,
  ContentPreviewAnswerSchema,
  ContentPublishAnswerSchema,
  ContentPublishBodySchema,
  ContentRestoreAnswerSchema,
  ContentRestoreBodySchema,
  ContentRevisionListSchema,
  ContentRevisionParamsSchema,
  ContentVersionAnswerSchema,
  CONTENT_PREVIEW_PARAM,
} from '@agency/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER, errorResponses } from '../../../lib/schema.ts';
import {
  checksOf,
  cleanDocument,
  contentNotFound,
  entryOf,
  publishDocument,
  restoreRevision,
  rowOf,
  saveContentDraft,
} from '../../../services/content-workflow.ts';
import {
  beatAndList,
  beatPresence,
  contentPresenceKey,
  leavePresence,
  othersPresent,
} from '../../../services/editor-presence.ts';
import { createContentPreviewToken } from '../../../services/preview.ts';
import {
  listContent,
  listContentRevisions,
  promoteDue,
  type ContentRow,
  type Editor,
} from '../../../services/site-content.ts';

export interface ContentRoutesOptions {
  /** Signs preview links (the server's JWT secret, used with its own purpose prefix). */
  previewSecret: string;
}

const tags = ['content'];

const ConflictSchema = z
  .object({
    error: z.string().describe('Names who changed the document and when (or: there is no draft to publish)'),
    updatedBy: z.string().nullable().optional(),
    updatedAt: z.string().optional(),
    version: z.number().int().optional().describe('The current version'),
  })
  .describe('Someone else saved the document since this version, or there is no draft to publish');

const editorOf = (request: FastifyRequest): Editor => ({ id: request.user!.id, name: request.user!.name });

export default async function contentRoutes(fastify: FastifyInstance, { previewSecret }: ContentRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const editorsOnly = app.requireRole('admin', 'editor');
  app.addHook('onRequest', editorsOnly);
  // A scheduled version that came due is the published one before anyone reads or writes.
  app.addHook('preHandler', async () => promoteDue(app.db, new Date()));

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Every content document: its pages, whether a draft or a scheduled version waits, the last change',
        security: BEARER,
        response: { 200: ContentListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: await listContent(app.db) }),
  );

  const documentAnswer = async (row: ContentRow, request: FastifyRequest) => {
    const entry = entryOf(row.key);
    return {
      key: row.key,
      title: entry.title,
      paths: [...entry.paths],
      version: row.version,
      published: row.published,
      publishedAt: row.publishedAt.toISOString(),
      draft: row.draft ?? row.scheduled,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedByName,
      checks: row.draft ? await checksOf(app.db, entry, row.draft) : [],
      editors: await othersPresent(app.db, contentPresenceKey(row.key), request.user!.id),
    };
  };

  app.get(
    '/:key',
    {
      schema: {
        tags,
        summary:
          'One document: the published version, the draft (or the scheduled version), the version to save against, the draft’s publish checks and who else is editing it. Opening it counts as a presence heartbeat. A key with a slash is sent URL-encoded (service%2Fcloud-services)',
        security: BEARER,
        params: ContentKeyParamsSchema,
        response: { 200: ContentDocumentAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await rowOf(app.db, request.params.key);
      await beatPresence(app.db, contentPresenceKey(row.key), request.user!.id);
      return documentAnswer(row, request);
    },
  );

  app.put(
    '/:key/presence',
    {
      schema: {
        tags,
        summary:
          'Heartbeat of an open editor (every 10 s): I have this document open. Answers who else has it open, and since when',
        security: BEARER,
        params: ContentKeyParamsSchema,
        response: { 200: ContentPresenceAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const key = contentPresenceKey(entryOf(request.params.key).key);
      return { editors: await beatAndList(app.db, key, request.user!.id) };
    },
  );

  app.delete(
    '/:key/presence',
    {
      schema: {
        tags,
        summary: 'I closed this document: others no longer see me editing it',
        security: BEARER,
        params: ContentKeyParamsSchema,
        response: { 204: z.null().describe('Gone'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await leavePresence(app.db, contentPresenceKey(entryOf(request.params.key).key), request.user!.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:key/checks',
    {
      schema: {
        tags,
        summary: 'The publish checks of the draft (or of the published version when there is no draft)',
        security: BEARER,
        params: ContentKeyParamsSchema,
        response: {
          200: z.object({ checks: z.array(ContentCheckSchema) }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const row = await rowOf(app.db, request.params.key);
      return { checks: await checksOf(app.db, entryOf(row.key), row.draft ?? row.published) };
    },
  );

  app.put(
    '/:key/draft',
    {
      schema: {
        tags,
        summary: 'Save the draft (the whole document); a `version` that is not the current one → 409 naming who saved',
        security: BEARER,
        params: ContentKeyParamsSchema,
        body: ContentDraftBodySchema,
        response: { 200: ContentVersionAnswerSchema, 409: ConflictSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { version, data } = request.body;
      const row = await saveContentDraft(app.db, request.params.key, version, data, editorOf(request));
      return { version: row.version, updatedAt: row.updatedAt.toISOString() };
    },
  );

  app.post(
    '/:key/publish',
    {
      schema: {
        tags,
        summary:
          'Publish the draft now, or at `publishAt` (scheduled); failing publish checks → 422 with the checks, each named by its field’s label, unless an admin sends `override: true` (audited)',
        security: BEARER,
        params: ContentKeyParamsSchema,
        body: ContentPublishBodySchema,
        response: {
          200: ContentPublishAnswerSchema,
          409: ConflictSchema,
          422: ContentChecksFailedSchema.describe('The draft fails its publish checks'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      publishDocument(app.db, request.params.key, {
        version: request.body.version,
        publishAt: request.body.publishAt ? new Date(request.body.publishAt) : null,
        override: request.body.override ?? false,
        editor: { ...editorOf(request), role: request.user!.role },
        audit: request,
      }),
  );

  app.post(
    '/:key/preview',
    {
      schema: {
        tags,
        summary: 'A signed link to the page as the draft will look, valid one hour, marked noindex',
        security: BEARER,
        params: ContentKeyParamsSchema,
        response: { 200: ContentPreviewAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const entry = entryOf(request.params.key);
      await rowOf(app.db, entry.key);
      const { token, expiresAt } = createContentPreviewToken(previewSecret, entry.key);
      const path = entry.paths[0] ?? '/';
      return { url: `${path}?${CONTENT_PREVIEW_PARAM}=${token}`, expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    '/:key/revisions',
    {
      schema: {
        tags,
        summary: 'Every version of the document that went public, newest first',
        security: BEARER,
        params: ContentKeyParamsSchema,
        response: { 200: ContentRevisionListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await rowOf(app.db, request.params.key);
      return { items: await listContentRevisions(app.db, request.params.key) };
    },
  );

  app.post(
    '/:key/revisions/:id/restore',
    {
      schema: {
        tags,
        summary:
          'Restore an earlier version: `to: published` (default) publishes it again, keeping the draft, after today’s publish checks (422); `to: draft` makes it the draft to edit. Audited; one transaction, so a colleague’s autosave at the same time gets 409, never half a restore',
        security: BEARER,
        params: ContentRevisionParamsSchema,
        body: ContentRestoreBodySchema.optional(),
        response: {
          200: ContentRestoreAnswerSchema,
          422: ContentChecksFailedSchema.describe('The revision fails today’s publish checks'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      restoreRevision(app.db, request.params.key, {
        revisionId: request.params.id,
        to: request.body?.to ?? 'published',
        editor: editorOf(request),
        audit: request,
      }),
  );
}

/** /api/content/{key}: the published document, as the public sees it (public cache; a draft never). */
export async function publicContentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/:key',
    {
      config: { publicCache: true },
      schema: {
        tags,
        summary: 'What the public sees of one content document now (never a draft)',
        params: ContentKeyParamsSchema,
        response: {
          200: z.object({ key: z.string(), publishedAt: z.string(), data: z.record(z.string(), z.unknown()) }),
          ...errorResponses(404),
        },
      },
    },
    async (request) => {
      const document = (await app.siteContent.current()).get(request.params.key);
      if (!document) throw contentNotFound();
      // Markdown fields are stripped of HTML on save; a document stored before that held is stripped here too.
      const data = cleanDocument(entryOf(request.params.key), document.data);
      return { key: request.params.key, publishedAt: document.publishedAt.toISOString(), data };
    },
  );
}
