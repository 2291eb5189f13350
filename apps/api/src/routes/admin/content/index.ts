// /api/admin/content: the site's content documents for editors and admins (issue 23): list, read with the
// publish checks, save the draft (a stale version → 409 naming who and when), publish now or later (failing
// checks → 422; an admin may override, audited), preview link, revisions and restore.
// /api/content/{key}: what the public sees of one document (public cache).
import {
  CONTENT_MESSAGES,
  ContentChecksFailedSchema,
  ContentCheckSchema,
  ContentDocumentAnswerSchema,
  ContentDraftBodySchema,
  ContentKeyParamsSchema,
  ContentListSchema,
  ContentPreviewAnswerSchema,
  ContentPublishAnswerSchema,
  ContentPublishBodySchema,
  ContentRevisionListSchema,
  ContentRevisionParamsSchema,
  ContentVersionAnswerSchema,
  CONTENT_PREVIEW_PARAM,
  MESSAGES,
  type ContentCheck,
  type ContentDocumentEntry,
} from '@agency/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../lib/http-error.ts';
import { BEARER, errorResponses } from '../../../lib/schema.ts';
import { recordAudit } from '../../../services/audit.ts';
import { publishChecks, sitePaths } from '../../../services/content-checks.ts';
import { createContentPreviewToken } from '../../../services/preview.ts';
import {
  findContent,
  findContentRevision,
  listContent,
  listContentRevisions,
  promoteDue,
  publishContent,
  registryEntry,
  saveDraft,
  StaleVersionError,
  type ContentRow,
  type Editor,
} from '../../../services/site-content.ts';

export interface ContentRoutesOptions {
  /** Signs preview links (the server's JWT secret, used with its own purpose prefix). */
  previewSecret: string;
}

const tags = ['content'];
type Json = Record<string, unknown>;

const ConflictSchema = z
  .object({
    error: z.string().describe('Names who changed the document and when (or: there is no draft to publish)'),
    updatedBy: z.string().nullable().optional(),
    updatedAt: z.string().optional(),
    version: z.number().int().optional().describe('The current version'),
  })
  .describe('Someone else saved the document since this version, or there is no draft to publish');

const notFound = () => new HttpError(404, CONTENT_MESSAGES.notFound);

const entryOf = (key: string): ContentDocumentEntry => {
  const entry = registryEntry(key);
  if (!entry) throw notFound();
  return entry;
};

async function rowOf(app: FastifyInstance, key: string): Promise<ContentRow> {
  const row = await findContent(app.db, key);
  if (!row) throw notFound();
  return row;
}

const editorOf = (request: FastifyRequest): Editor => ({ id: request.user!.id, name: request.user!.name });

function conflict(reply: FastifyReply, current: ContentRow) {
  const who = current.updatedByName ?? 'someone';
  const when = current.updatedAt.toISOString();
  return reply.code(409).send({
    error: CONTENT_MESSAGES.stale(who, when),
    updatedBy: current.updatedByName,
    updatedAt: when,
    version: current.version,
  });
}

/** The document checked by its schema: a 400 naming each bad field (`data.plans.2.price`), nothing saved. */
function parseDocument(entry: ContentDocumentEntry, data: unknown): Json {
  const result = entry.schema.safeParse(data);
  if (result.success) return result.data as Json;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[['data', ...issue.path.map(String)].join('.')] ??= issue.message;
  const first = Object.values(fields)[0] ?? MESSAGES.http.badRequest;
  throw new HttpError(400, first, fields);
}

/** A policy says when it last changed: the day it goes public. */
const dated = (entry: ContentDocumentEntry, data: Json, at: Date): Json =>
  entry.dated ? { ...data, lastUpdated: at.toISOString().slice(0, 10) } : data;

export default async function contentRoutes(fastify: FastifyInstance, { previewSecret }: ContentRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const editorsOnly = app.requireRole('admin', 'editor');
  app.addHook('onRequest', editorsOnly);
  // A scheduled version that came due is the published one before anyone reads or writes.
  app.addHook('preHandler', async () => promoteDue(app.db));

  const checksOf = async (entry: ContentDocumentEntry, data: unknown): Promise<ContentCheck[]> =>
    publishChecks(entry, data, await sitePaths(app.db));

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

  const documentAnswer = async (row: ContentRow) => {
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
      checks: row.draft ? await checksOf(entry, row.draft) : [],
    };
  };

  app.get(
    '/:key',
    {
      schema: {
        tags,
        summary:
          'One document: the published version, the draft (or the scheduled version), the version to save against and the draft’s publish checks. A key with a slash is sent URL-encoded (service%2Fcloud-services)',
        security: BEARER,
        params: ContentKeyParamsSchema,
        response: { 200: ContentDocumentAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => documentAnswer(await rowOf(app, request.params.key)),
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
      const row = await rowOf(app, request.params.key);
      return { checks: await checksOf(entryOf(row.key), row.draft ?? row.published) };
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
    async (request, reply) => {
      const entry = entryOf(request.params.key);
      const data = parseDocument(entry, request.body.data);
      try {
        const row = await saveDraft(app.db, entry.key, request.body.version, data, editorOf(request));
        if (!row) throw notFound();
        return { version: row.version, updatedAt: row.updatedAt.toISOString() };
      } catch (error) {
        if (error instanceof StaleVersionError) return conflict(reply, error.current);
        throw error;
      }
    },
  );

  app.post(
    '/:key/publish',
    {
      schema: {
        tags,
        summary:
          'Publish the draft now, or at `publishAt` (scheduled); failing publish checks → 422 with the checks, unless an admin sends `override: true` (audited)',
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
    async (request, reply) => {
      const entry = entryOf(request.params.key);
      const row = await rowOf(app, entry.key);
      const { version, override } = request.body;
      if (row.version !== version) return conflict(reply, row);
      if (!row.draft) throw new HttpError(409, CONTENT_MESSAGES.noDraft);
      const publishAt = request.body.publishAt ? new Date(request.body.publishAt) : null;
      if (publishAt && publishAt.getTime() <= Date.now())
        throw new HttpError(400, CONTENT_MESSAGES.publishAtPast, { publishAt: CONTENT_MESSAGES.publishAtPast });
      const data = dated(entry, row.draft, publishAt ?? new Date());
      const checks = await checksOf(entry, data);
      if (checks.length && !override) {
        return reply.code(422).send({ error: CONTENT_MESSAGES.checksFailed, checks });
      }
      if (checks.length && request.user!.role !== 'admin') throw new HttpError(403, CONTENT_MESSAGES.overrideAdminOnly);
      const parsed = checks.length ? data : (entry.schema.parse(data) as Json);
      try {
        const saved = await publishContent(app.db, entry.key, version, parsed, editorOf(request), publishAt);
        if (!saved) throw notFound();
        const target = { type: 'content' as const, id: entry.key };
        await recordAudit(app.db, request, {
          action: publishAt ? 'content.scheduled' : 'content.published',
          target,
          data: {
            title: entry.title,
            version: saved.version,
            ...(publishAt ? { publishAt: publishAt.toISOString() } : {}),
          },
        });
        if (checks.length) {
          await recordAudit(app.db, request, { action: 'content.override', target, data: { checks } });
        }
        return {
          version: saved.version,
          status: publishAt ? ('scheduled' as const) : ('published' as const),
          publishedAt: (publishAt ?? saved.publishedAt).toISOString(),
          overridden: checks,
        };
      } catch (error) {
        if (error instanceof StaleVersionError) return conflict(reply, error.current);
        throw error;
      }
    },
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
      await rowOf(app, entry.key);
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
      await rowOf(app, request.params.key);
      return { items: await listContentRevisions(app.db, request.params.key) };
    },
  );

  app.post(
    '/:key/revisions/:id/restore',
    {
      schema: {
        tags,
        summary:
          'Publish an earlier version again (the current one stays a revision); the draft is kept. Publish checks apply (422)',
        security: BEARER,
        params: ContentRevisionParamsSchema,
        response: {
          200: ContentPublishAnswerSchema,
          422: ContentChecksFailedSchema.describe('The revision fails today’s publish checks'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const entry = entryOf(request.params.key);
      const revision = await findContentRevision(app.db, entry.key, request.params.id);
      if (!revision) throw new HttpError(404, CONTENT_MESSAGES.revisionNotFound);
      const data = dated(entry, revision, new Date());
      const checks = await checksOf(entry, data);
      if (checks.length) return reply.code(422).send({ error: CONTENT_MESSAGES.checksFailed, checks });
      const row = await rowOf(app, entry.key);
      // Restoring keeps the draft: only the published version changes.
      const draft = row.draft;
      const saved = await publishContent(app.db, entry.key, row.version, data, editorOf(request), null);
      if (!saved) throw notFound();
      const final = draft ? await saveDraft(app.db, entry.key, saved.version, draft, editorOf(request)) : saved;
      await recordAudit(app.db, request, {
        action: 'content.restored',
        target: { type: 'content', id: entry.key },
        data: { title: entry.title, revisionId: request.params.id, version: final?.version ?? saved.version },
      });
      return {
        version: final?.version ?? saved.version,
        status: 'published' as const,
        publishedAt: saved.publishedAt.toISOString(),
        overridden: [],
      };
    },
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
      if (!document) throw notFound();
      return { key: request.params.key, publishedAt: document.publishedAt.toISOString(), data: document.data };
    },
  );
}
