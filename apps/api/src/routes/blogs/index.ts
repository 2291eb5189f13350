import {
  BLOG_MESSAGES,
  BlogInputSchema,
  BlogListQuerySchema,
  MESSAGES,
  blogPreviewPath,
  type BlogPreview,
} from '@agency/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { parseOr400 } from '../../lib/validate.ts';
import { recordAudit, recordBlogAudit } from '../../services/audit.ts';
import {
  BlogFieldError,
  createBlog,
  deleteBlog,
  findBlog,
  findBlogRedirect,
  listBlogs,
  listRevisions,
  restoreRevision,
  updateBlog,
} from '../../services/blogs.ts';
import { createPreviewToken } from '../../services/preview.ts';

export interface BlogRoutesOptions {
  /** Signs preview links (the server's JWT secret, used with its own purpose prefix). */
  previewSecret: string;
}

const canEdit = (role: string | undefined) => role === 'admin' || role === 'editor';

const notFound = () => new HttpError(404, MESSAGES.blog.notFound);

/** A rule that needs the stored post (image description, schedule) becomes a 400 naming the field. */
async function orFieldError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof BlogFieldError) throw new HttpError(400, error.message, { [error.field]: error.message });
    throw error;
  }
}

/** /api/blogs/*: public list and post, editor/admin writes, revisions and preview links. */
export default async function blogRoutes(app: FastifyInstance, { previewSecret }: BlogRoutesOptions) {
  const editorsOnly = app.requireRole('admin', 'editor');

  /** Whether the request carries a valid editor or admin token (hidden posts are shown only then). */
  const isEditor = async (request: FastifyRequest) => canEdit((await app.optionalUser(request))?.role);

  // Public: what is visible now, newest first; `q` searches (best match first), `tag` filters.
  // `?status=all` (editors and admins) adds drafts and scheduled posts.
  app.get('/', { config: { publicCache: true } }, async (request, reply) => {
    const { status, q, tag } = parseOr400(BlogListQuerySchema, request.query);
    if (status === 'all') {
      await editorsOnly.call(app, request, reply);
      void reply.header('cache-control', 'private, no-store');
      return listBlogs(app.db, { includeHidden: true, q, tag });
    }
    return listBlogs(app.db, { q, tag });
  });

  app.get<{ Params: { idOrSlug: string } }>('/:idOrSlug', { config: { publicCache: true } }, async (request, reply) => {
    const now = new Date();
    const blog = await findBlog(app.db, request.params.idOrSlug, now);
    if (blog && (blog.status === 'published' || (await isEditor(request)))) return blog;
    if (!blog) {
      const slug = await findBlogRedirect(app.db, request.params.idOrSlug, now);
      if (slug) return reply.redirect(`/api/blogs/${encodeURIComponent(slug)}`, 301);
    }
    throw notFound();
  });

  app.post('/', { preHandler: editorsOnly }, async (request, reply) => {
    const input = parseOr400(BlogInputSchema, request.body);
    // request.user is set by editorsOnly; the author is never taken from the body.
    const blog = await orFieldError(createBlog(app.db, input, request.user!.id));
    await recordBlogAudit(app.db, request, 'blog.created', blog);
    return reply.status(201).send(blog);
  });

  app.put<{ Params: { id: string } }>('/:id', { preHandler: editorsOnly }, async (request) => {
    const input = parseOr400(BlogInputSchema, request.body);
    const body = request.body as Record<string, unknown>;
    const sent = {
      imageUrl: 'imageUrl' in body,
      imageAlt: 'imageAlt' in body,
      tags: 'tags' in body,
      publishedAt: 'publishedAt' in body,
    };
    const before = await findBlog(app.db, request.params.id);
    const blog = await orFieldError(updateBlog(app.db, request.params.id, input, { sent, editorId: request.user!.id }));
    if (!blog) throw notFound();
    await recordBlogAudit(app.db, request, 'blog.updated', blog, before?.status);
    return blog;
  });

  app.delete<{ Params: { id: string } }>('/:id', { preHandler: editorsOnly }, async (request, reply) => {
    if (!(await deleteBlog(app.db, request.params.id))) throw notFound();
    await recordAudit(app.db, request, { action: 'blog.deleted', target: { type: 'blog', id: request.params.id } });
    return reply.status(204).send();
  });

  app.get<{ Params: { id: string } }>('/:id/revisions', { preHandler: editorsOnly }, async (request, reply) => {
    const revisions = await listRevisions(app.db, request.params.id);
    if (!revisions) throw notFound();
    void reply.header('cache-control', 'private, no-store');
    return revisions;
  });

  app.post<{ Params: { id: string; revisionId: string } }>(
    '/:id/revisions/:revisionId/restore',
    { preHandler: editorsOnly },
    async (request) => {
      const { id, revisionId } = request.params;
      if (!(await findBlog(app.db, id).catch(() => null))) throw notFound();
      const blog = await orFieldError(restoreRevision(app.db, id, revisionId, request.user!.id));
      if (!blog) throw new HttpError(404, BLOG_MESSAGES.revisionNotFound);
      await recordAudit(app.db, request, {
        action: 'blog.restored',
        target: { type: 'blog', id: blog._id },
        data: { title: blog.title, revisionId },
      });
      return blog;
    },
  );

  // A link that shows a draft or scheduled post as the public will see it, for one hour.
  app.post<{ Params: { id: string } }>('/:id/preview', { preHandler: editorsOnly }, async (request) => {
    const blog = await findBlog(app.db, request.params.id);
    if (!blog || blog._id !== request.params.id.toLowerCase()) throw notFound();
    const { token, expiresAt } = createPreviewToken(previewSecret, blog._id);
    return { url: blogPreviewPath(token), expiresAt: expiresAt.toISOString() } satisfies BlogPreview;
  });
}
