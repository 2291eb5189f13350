import {
  BlogIdOrSlugParamsSchema,
  BlogIdParamsSchema,
  BlogInputSchema,
  BlogListQuerySchema,
  BlogListSchema,
  BlogSchema,
  MESSAGES,
} from '@agency/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import { recordAudit, recordBlogAudit } from '../../services/audit.ts';
import { createBlog, deleteBlog, findBlog, listBlogs, updateBlog } from '../../services/blogs.ts';

const canEdit = (role: string | undefined) => role === 'admin' || role === 'editor';
const tags = ['blogs'];

/** /api/blogs/*: public list and post, editor/admin writes. */
export default async function blogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const editorsOnly = app.requireRole('admin', 'editor');

  /** Whether the request carries a valid editor or admin token (drafts are shown only then). */
  const isEditor = async (request: FastifyRequest) => canEdit((await app.optionalUser(request))?.role);

  // Public: published posts, newest first. `?status=all` (editors and admins) adds drafts.
  const listSchema = {
    tags,
    summary: 'Published posts, newest first (`?status=all` with an editor token adds drafts)',
    querystring: BlogListQuerySchema,
    response: { 200: BlogListSchema, ...errorResponses(400, 401, 403) },
  };
  app.get('/', { config: { publicCache: true }, schema: listSchema }, async (request, reply) => {
    if (request.query.status === 'all') {
      await editorsOnly.call(app, request, reply);
      void reply.header('cache-control', 'private, no-store');
      return listBlogs(app.db, { includeDrafts: true });
    }
    return listBlogs(app.db);
  });

  const showSchema = {
    tags,
    summary: 'One post by id or slug (a draft only with an editor token)',
    params: BlogIdOrSlugParamsSchema,
    response: { 200: BlogSchema, ...errorResponses(404) },
  };
  app.get('/:idOrSlug', { config: { publicCache: true }, schema: showSchema }, async (request) => {
    const blog = await findBlog(app.db, request.params.idOrSlug);
    if (!blog || (blog.status !== 'published' && !(await isEditor(request)))) {
      throw new HttpError(404, MESSAGES.blog.notFound);
    }
    return blog;
  });

  const createSchema = {
    tags,
    summary: 'Write a post (Markdown)',
    security: BEARER,
    body: BlogInputSchema,
    response: { 201: BlogSchema, ...errorResponses(400, 401, 403) },
  };
  app.post('/', { onRequest: editorsOnly, schema: createSchema }, async (request, reply) => {
    // request.user is set by editorsOnly; the author is never taken from the body.
    const blog = await createBlog(app.db, request.body, request.user!.id);
    await recordBlogAudit(app.db, request, 'blog.created', blog);
    return reply.status(201).send(blog);
  });

  // A PUT without `imageUrl` keeps the post's image; the parsed body no longer tells absent from empty.
  const keepsImage = new WeakSet<FastifyRequest>();
  const updateSchema = {
    tags,
    summary: 'Rewrite a post; without `imageUrl` its image is kept',
    security: BEARER,
    params: BlogIdParamsSchema,
    body: BlogInputSchema,
    response: { 200: BlogSchema, ...errorResponses(400, 401, 403, 404) },
  };
  app.put(
    '/:id',
    {
      onRequest: editorsOnly,
      preValidation: async (request) => {
        const body = request.body;
        if (body && typeof body === 'object' && !('imageUrl' in body)) keepsImage.add(request);
      },
      schema: updateSchema,
    },
    async (request) => {
      const keepImage = keepsImage.has(request);
      const before = await findBlog(app.db, request.params.id);
      const blog = await updateBlog(app.db, request.params.id, request.body, { keepImage });
      if (!blog) throw new HttpError(404, MESSAGES.blog.notFound);
      await recordBlogAudit(app.db, request, 'blog.updated', blog, before?.status);
      return blog;
    },
  );

  const deleteSchema = {
    tags,
    summary: 'Delete a post',
    security: BEARER,
    params: BlogIdParamsSchema,
    response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404) },
  };
  app.delete('/:id', { onRequest: editorsOnly, schema: deleteSchema }, async (request, reply) => {
    if (!(await deleteBlog(app.db, request.params.id))) throw new HttpError(404, MESSAGES.blog.notFound);
    await recordAudit(app.db, request, { action: 'blog.deleted', target: { type: 'blog', id: request.params.id } });
    return reply.status(204).send();
  });
}
