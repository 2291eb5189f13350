import { BlogInputSchema, MESSAGES } from '@agency/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { parseOr400 } from '../../lib/validate.ts';
import { recordAudit, recordBlogAudit } from '../../services/audit.ts';
import { createBlog, deleteBlog, findBlog, listBlogs, updateBlog } from '../../services/blogs.ts';

const ListQuerySchema = z.object({
  status: z.enum(['published', 'all'], { error: 'Status must be published or all' }).optional().default('published'),
});

const canEdit = (role: string | undefined) => role === 'admin' || role === 'editor';

/** /api/blogs/*: public list and post, editor/admin writes. */
export default async function blogRoutes(app: FastifyInstance) {
  const editorsOnly = app.requireRole('admin', 'editor');

  /** Whether the request carries a valid editor or admin token (drafts are shown only then). */
  const isEditor = async (request: FastifyRequest) => canEdit((await app.optionalUser(request))?.role);

  // Public: published posts, newest first. `?status=all` (editors and admins) adds drafts.
  app.get('/', { config: { publicCache: true } }, async (request, reply) => {
    const { status } = parseOr400(ListQuerySchema, request.query);
    if (status === 'all') {
      await editorsOnly.call(app, request, reply);
      void reply.header('cache-control', 'private, no-store');
      return listBlogs(app.db, { includeDrafts: true });
    }
    return listBlogs(app.db);
  });

  app.get<{ Params: { idOrSlug: string } }>('/:idOrSlug', { config: { publicCache: true } }, async (request) => {
    const blog = await findBlog(app.db, request.params.idOrSlug);
    if (!blog || (blog.status !== 'published' && !(await isEditor(request)))) {
      throw new HttpError(404, MESSAGES.blog.notFound);
    }
    return blog;
  });

  app.post('/', { preHandler: editorsOnly }, async (request, reply) => {
    const input = parseOr400(BlogInputSchema, request.body);
    // request.user is set by editorsOnly; the author is never taken from the body.
    const blog = await createBlog(app.db, input, request.user!.id);
    await recordBlogAudit(app.db, request, 'blog.created', blog);
    return reply.status(201).send(blog);
  });

  app.put<{ Params: { id: string } }>('/:id', { preHandler: editorsOnly }, async (request) => {
    const input = parseOr400(BlogInputSchema, request.body);
    const body = request.body as Record<string, unknown>;
    const before = await findBlog(app.db, request.params.id);
    const blog = await updateBlog(app.db, request.params.id, input, { keepImage: !('imageUrl' in body) });
    if (!blog) throw new HttpError(404, MESSAGES.blog.notFound);
    await recordBlogAudit(app.db, request, 'blog.updated', blog, before?.status);
    return blog;
  });

  app.delete<{ Params: { id: string } }>('/:id', { preHandler: editorsOnly }, async (request, reply) => {
    if (!(await deleteBlog(app.db, request.params.id))) throw new HttpError(404, MESSAGES.blog.notFound);
    await recordAudit(app.db, request, { action: 'blog.deleted', target: { type: 'blog', id: request.params.id } });
    return reply.status(204).send();
  });
}
