// Earlier versions of a post: the list, and putting one back (itself a new version, so a restore can be undone).
import type { Blog, BlogRevision } from '@agency/contract';
import { and, desc, eq, schema, type Db } from '@agency/db';
import { type AuditContext, recordAudit } from './audit.ts';
import { updateBlog } from './blog-editing.ts';
import { UUID } from './blogs.ts';

/** Earlier versions of a post, newest first; null when the post does not exist. */
export async function listRevisions(db: Db, blogId: string): Promise<BlogRevision[] | null> {
  if (!UUID.test(blogId)) return null;
  const [post] = await db.select({ id: schema.blogs.id }).from(schema.blogs).where(eq(schema.blogs.id, blogId));
  if (!post) return null;
  const rows = await db
    .select({ revision: schema.blogRevisions, editorName: schema.users.name })
    .from(schema.blogRevisions)
    .leftJoin(schema.users, eq(schema.blogRevisions.editorId, schema.users.id))
    .where(eq(schema.blogRevisions.blogId, blogId))
    .orderBy(desc(schema.blogRevisions.createdAt), desc(schema.blogRevisions.id));
  return rows.map(({ revision, editorName }) => ({
    id: revision.id,
    blogId: revision.blogId,
    slug: revision.slug,
    title: revision.title,
    content: revision.content,
    imageUrl: revision.imageUrl,
    imageAlt: revision.imageAlt,
    excerpt: revision.excerpt,
    seoTitle: revision.seoTitle,
    seoDescription: revision.seoDescription,
    socialImageUrl: revision.socialImageUrl,
    socialImageAlt: revision.socialImageAlt,
    tags: revision.tags,
    status: revision.status,
    publishedAt: revision.publishedAt?.toISOString() ?? null,
    editor: editorName === null ? null : { username: editorName },
    createdAt: revision.createdAt.toISOString(),
  }));
}

/**
 * Puts a revision's title, content, image, tags, excerpt and search and social fields back (status,
 * publication time and slug stay). It is
 * an update like any other: the version it replaces becomes a revision, so a restore can be undone. One
 * transaction with its audit entry `blog.restored`. Null when the post or the revision does not exist.
 */
export async function restoreRevision(
  db: Db,
  editor: AuditContext & { user: { id: string } },
  blogId: string,
  revisionId: string,
): Promise<Blog | null> {
  if (!UUID.test(blogId) || !UUID.test(revisionId)) return null;
  const [revision] = await db
    .select()
    .from(schema.blogRevisions)
    .where(and(eq(schema.blogRevisions.id, revisionId), eq(schema.blogRevisions.blogId, blogId)));
  if (!revision) return null;
  return updateBlog(
    db,
    blogId,
    {
      title: revision.title,
      content: revision.content,
      imageUrl: revision.imageUrl,
      imageAlt: revision.imageAlt,
      excerpt: revision.excerpt,
      seoTitle: revision.seoTitle,
      seoDescription: revision.seoDescription,
      socialImageUrl: revision.socialImageUrl,
      socialImageAlt: revision.socialImageAlt,
      tags: revision.tags,
      status: undefined,
      publishedAt: null,
    },
    {
      sent: {
        imageUrl: true,
        imageAlt: true,
        tags: true,
        publishedAt: false,
        excerpt: true,
        seoTitle: true,
        seoDescription: true,
        socialImageUrl: true,
        socialImageAlt: true,
      },
      editorId: editor.user.id,
      keepDraft: true,
      // In the restore's transaction.
      audit: (tx, saved) =>
        recordAudit(tx, editor, {
          action: 'blog.restored',
          target: { type: 'blog', id: saved.id },
          data: { title: saved.title, revisionId },
        }),
    },
  );
}
