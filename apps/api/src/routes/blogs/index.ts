import {
  BLOG_MESSAGES,
  BlogDraftBodySchema,
  BlogIdOrSlugParamsSchema,
  BlogIdParamsSchema,
  BlogInputSchema,
  BlogListQuerySchema,
  BlogListSchema,
  BlogNewDraftBodySchema,
  BlogPreviewSchema,
  BlogRevisionParamsSchema,
  BlogRevisionSchema,
  BlogSchema,
  ContentPresenceAnswerSchema,
  MESSAGES,
  blogPreviewPath,
} from '@agency/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import {
  createBlog,
  createBlogDraft,
  deleteBlog,
  saveBlog,
  saveBlogDraft,
  type UpdateOptions,
} from '../../services/blog-editing.ts';
import { listRevisions, restoreRevision } from '../../services/blog-revisions.ts';
import { findBlog, findBlogRedirect, listBlogs } from '../../services/blogs.ts';
import { beatAndList, blogPresenceKey, leavePresence } from '../../services/editor-presence.ts';
import { createPreviewToken } from '../../services/preview.ts';

export interface BlogRoutesOptions {
  /** Signs preview links (the server's JWT secret, used with its own purpose prefix). */
  previewSecret: string;
}

const canEdit = (role: string | undefined) => role === 'admin' || role === 'editor';
const tags = ['blogs'];

const notFound = () => new HttpError(404, MESSAGES.blog.notFound);

/** 409 of a draft save or update from a version that is no longer the post's. */
const StaleSchema = z
  .object({
    error: z.string().describe('Names who changed the post and when'),
    updatedBy: z.string().nullable(),
    updatedAt: z.string(),
    version: z.number().int().describe('The current version'),
    post: BlogSchema.optional().describe(
      'The post as it is now, with its draft: what the colleague changed, for the editor to compare field by field',
    ),
  })
  .describe('Someone else saved the post (or its draft) since this version');

/** A draft body the schema refuses → 400 naming each bad field of the form by its whole path (`data.title`). */
function draftFieldsError(bodySchema: z.ZodType, body: unknown): HttpError {
  const issues = bodySchema.safeParse(body).error?.issues ?? [];
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  const first = Object.values(fields)[0] ?? MESSAGES.http.badRequest;
  return new HttpError(400, first, fields);
}

/** /api/blogs/*: public list and post, editor/admin writes, revisions and preview links. */
export default async function blogRoutes(fastify: FastifyInstance, { previewSecret }: BlogRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const editorsOnly = app.requireRole('admin', 'editor');

  /** Whether the request carries a valid editor or admin token (hidden posts are shown only then). */
  const isEditor = async (request: FastifyRequest) => canEdit((await app.optionalUser(request))?.role);

  // Public: what is visible now, newest first; `q` searches (best match first), `tag` filters.
  // `?status=all` (editors and admins) adds drafts and scheduled posts.
  const listSchema = {
    tags,
    summary:
      'Posts visible now, newest first; `q` searches (ranked), `tag` filters; `status=all` (editors) adds hidden ones',
    querystring: BlogListQuerySchema,
    response: { 200: BlogListSchema, ...errorResponses(400, 401, 403) },
  };
  // Kept by the public cache per search, tag and status (the parameters this list reads), not per other parameter.
  const listCache = { publicCache: true, publicCacheParams: ['status', 'q', 'tag'] };
  app.get('/', { config: listCache, schema: listSchema }, async (request, reply) => {
    const { status, q, tag } = request.query;
    if (status === 'all') {
      await editorsOnly.call(app, request, reply);
      void reply.header('cache-control', 'private, no-store');
      return listBlogs(app.db, { includeHidden: true, q, tag });
    }
    return listBlogs(app.db, { q, tag });
  });

  const showSchema = {
    tags,
    summary: 'One post by id or slug (a hidden one only with an editor token); an earlier slug answers 301',
    params: BlogIdOrSlugParamsSchema,
    response: {
      200: BlogSchema,
      301: z.undefined().describe('An earlier slug: `Location` names the post’s current address'),
      ...errorResponses(404),
    },
  };
  app.get('/:id', { config: { publicCache: true }, schema: showSchema }, async (request, reply) => {
    const now = new Date();
    const blog = await findBlog(app.db, request.params.id, now);
    if (blog?.status === 'published') return blog;
    if (blog && (await isEditor(request))) {
      // A hidden post, read with an editor's token: for this editor only, and only now (with its draft).
      void reply.header('cache-control', 'private, no-store');
      return (await findBlog(app.db, blog._id, now, true)) ?? blog;
    }
    if (!blog) {
      const slug = await findBlogRedirect(app.db, request.params.id, now);
      if (slug) return reply.redirect(`/api/blogs/${encodeURIComponent(slug)}`, 301);
    }
    throw notFound();
  });

  const createSchema = {
    tags,
    summary: 'Write a post (Markdown); `status: "scheduled"` with a future `publishedAt` publishes it then',
    security: BEARER,
    body: BlogInputSchema,
    response: { 201: BlogSchema, ...errorResponses(400, 401, 403) },
  };
  app.post('/', { onRequest: editorsOnly, schema: createSchema }, async (request, reply) => {
    // request.user is set by editorsOnly; the author is never taken from the body.
    const blog = await createBlog(app.db, { ip: request.ip, user: request.user! }, request.body);
    return reply.status(201).send(blog);
  });

  // A PUT keeps what it leaves out (image, its description, tags, time); the parsed body no longer tells
  // absent from empty, so the raw body is read first.
  const sentFields = new WeakMap<FastifyRequest, UpdateOptions['sent']>();
  const updateSchema = {
    tags,
    summary:
      'Rewrite a post; fields left out keep their value; the version replaced becomes a revision; its draft is dropped (the update takes its place); a stale `version` → 409',
    security: BEARER,
    params: BlogIdParamsSchema,
    body: BlogInputSchema,
    response: { 200: BlogSchema, 409: StaleSchema, ...errorResponses(400, 401, 403, 404) },
  };
  app.put(
    '/:id',
    {
      onRequest: editorsOnly,
      preValidation: async (request) => {
        const body = request.body && typeof request.body === 'object' ? request.body : {};
        sentFields.set(request, {
          imageUrl: 'imageUrl' in body,
          imageAlt: 'imageAlt' in body,
          tags: 'tags' in body,
          publishedAt: 'publishedAt' in body,
          excerpt: 'excerpt' in body,
          seoTitle: 'seoTitle' in body,
          seoDescription: 'seoDescription' in body,
          socialImageUrl: 'socialImageUrl' in body,
          socialImageAlt: 'socialImageAlt' in body,
        });
      },
      schema: updateSchema,
    },
    async (request) => {
      const sent = sentFields.get(request) ?? { imageUrl: true, imageAlt: true, tags: true, publishedAt: true };
      const editor = { ip: request.ip, user: request.user! };
      const blog = await saveBlog(app.db, editor, request.params.id, request.body, {
        sent,
        version: request.body.version,
      });
      if (!blog) throw notFound();
      return blog;
    },
  );

  const draftSchema = {
    tags,
    summary:
      "Save a post's draft (the editor's form, saved by itself as the editor types; never public); a `version` that is not the post's → 409 naming who changed it",
    security: BEARER,
    params: BlogIdParamsSchema,
    body: BlogDraftBodySchema,
    response: { 200: BlogSchema, 409: StaleSchema, ...errorResponses(400, 401, 403, 404) },
  };
  // Validation is attached, not thrown, so a bad field of the form is named by its whole path (`data.title`).
  app.put(
    '/:id/draft',
    { onRequest: editorsOnly, schema: draftSchema, attachValidation: true },
    async (request, reply) => {
      if (request.validationError) throw draftFieldsError(BlogDraftBodySchema, request.body);
      const { version, data } = request.body;
      const blog = await saveBlogDraft(app.db, request.params.id, version, data, request.user!.id);
      if (!blog) throw notFound();
      void reply.header('cache-control', 'private, no-store');
      return blog;
    },
  );

  const newDraftSchema = {
    tags,
    summary:
      "The first autosave of a new post: creates it as an unpublished draft holding the editor's form (never public; at least a title or some content); later autosaves go to PUT /api/blogs/{id}/draft, and its first save (PUT /api/blogs/{id}) makes no revision",
    security: BEARER,
    body: BlogNewDraftBodySchema,
    response: { 201: BlogSchema, ...errorResponses(400, 401, 403) },
  };
  app.post(
    '/draft',
    { onRequest: editorsOnly, schema: newDraftSchema, attachValidation: true },
    async (request, reply) => {
      if (request.validationError) throw draftFieldsError(BlogNewDraftBodySchema, request.body);
      const blog = await createBlogDraft(app.db, request.body.data, request.user!.id);
      // Not in the audit log, as no draft save is: the post's first save (PUT /api/blogs/{id}) is `blog.created`.
      return reply.status(201).header('cache-control', 'private, no-store').send(blog);
    },
  );

  const deleteSchema = {
    tags,
    summary: 'Delete a post (its revisions and old slugs go with it)',
    security: BEARER,
    params: BlogIdParamsSchema,
    response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404) },
  };
  app.delete('/:id', { onRequest: editorsOnly, schema: deleteSchema }, async (request, reply) => {
    if (!(await deleteBlog(app.db, request, request.params.id))) throw notFound();
    return reply.status(204).send();
  });

  const revisionsSchema = {
    tags,
    summary: 'Earlier versions of a post, newest first',
    security: BEARER,
    params: BlogIdParamsSchema,
    response: { 200: z.array(BlogRevisionSchema), ...errorResponses(401, 403, 404) },
  };
  app.get('/:id/revisions', { onRequest: editorsOnly, schema: revisionsSchema }, async (request, reply) => {
    const revisions = await listRevisions(app.db, request.params.id);
    if (!revisions) throw notFound();
    void reply.header('cache-control', 'private, no-store');
    return revisions;
  });

  const restoreSchema = {
    tags,
    summary: "Put a revision's title, content, image and tags back (the current version becomes a revision)",
    security: BEARER,
    params: BlogRevisionParamsSchema,
    response: { 200: BlogSchema, ...errorResponses(400, 401, 403, 404) },
  };
  app.post('/:id/revisions/:revisionId/restore', { onRequest: editorsOnly, schema: restoreSchema }, async (request) => {
    const { id, revisionId } = request.params;
    if (!(await findBlog(app.db, id))) throw notFound();
    const blog = await restoreRevision(app.db, { ip: request.ip, user: request.user! }, id, revisionId);
    if (!blog) throw new HttpError(404, BLOG_MESSAGES.revisionNotFound);
    return blog;
  });

  // Who else has the post open in the editor (issue 31, item 5): shared by every instance (services/editor-presence.ts).
  const presenceSchema = {
    tags,
    summary:
      'Heartbeat of an open post editor (every 10 s): I have this post open. Answers who else has it open, and since when',
    security: BEARER,
    params: BlogIdParamsSchema,
    response: { 200: ContentPresenceAnswerSchema, ...errorResponses(401, 403, 404) },
  };
  app.put('/:id/presence', { onRequest: editorsOnly, schema: presenceSchema }, async (request, reply) => {
    const blog = await findBlog(app.db, request.params.id);
    if (!blog) throw notFound();
    void reply.header('cache-control', 'private, no-store');
    return { editors: await beatAndList(app.db, blogPresenceKey(blog._id), request.user!.id) };
  });

  const leaveSchema = {
    tags,
    summary: 'I closed this post: others no longer see me editing it',
    security: BEARER,
    params: BlogIdParamsSchema,
    response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404) },
  };
  app.delete('/:id/presence', { onRequest: editorsOnly, schema: leaveSchema }, async (request, reply) => {
    await leavePresence(app.db, blogPresenceKey(request.params.id), request.user!.id);
    return reply.status(204).send();
  });

  // A link that shows a draft or scheduled post as the public will see it, for one hour.
  const previewSchema = {
    tags,
    summary: 'A signed link to the post as the public will see it, valid one hour, marked noindex',
    security: BEARER,
    params: BlogIdParamsSchema,
    response: { 200: BlogPreviewSchema, ...errorResponses(401, 403, 404) },
  };
  app.post('/:id/preview', { onRequest: editorsOnly, schema: previewSchema }, async (request) => {
    const blog = await findBlog(app.db, request.params.id);
    if (!blog) throw notFound();
    const { token, expiresAt } = createPreviewToken(previewSecret, blog._id);
    return { url: blogPreviewPath(token), expiresAt: expiresAt.toISOString() };
  });
}
