// Blog posts: queries, slugs, excerpts and the BlogSchema shape the API and the web pages share.
import { type Blog, type BlogInputSchema, type BlogStatus, isCleanText, LENGTH } from '@agency/contract';
import { and, desc, eq, ilike, or, schema, sql, type Db } from '@agency/db';
import type { z } from 'zod';
import { excerptOf } from './markdown.ts';

type BlogRow = typeof schema.blogs.$inferSelect;
export type BlogInput = z.output<typeof BlogInputSchema>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SLUG_MAX = 80;

/** "Héllo, World!" → "hello-world": lowercase ASCII words joined by hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || 'post';
}

/** `base`, else `base-2`, `base-3`…: the first slug no other post uses. */
async function freeSlug(db: Db, base: string, exceptId?: string): Promise<string> {
  const rows = await db
    .select({ id: schema.blogs.id, slug: schema.blogs.slug })
    .from(schema.blogs)
    .where(or(eq(schema.blogs.slug, base), ilike(schema.blogs.slug, `${base}-%`)));
  const taken = new Set(rows.filter((row) => row.id !== exceptId).map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** Runs a write that takes a fresh slug; when another request took the same slug meanwhile, tries again. */
async function withFreeSlug<T>(
  db: Db,
  base: string,
  exceptId: string | undefined,
  write: (slug: string) => Promise<T>,
) {
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(db, base, exceptId);
    try {
      return await write(slug);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

export function toBlog(row: BlogRow, authorName: string | null): Blog {
  return {
    _id: row.id,
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    author: authorName === null ? null : { username: authorName },
    slug: row.slug,
    excerpt: row.excerpt,
    status: row.status as BlogStatus,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const selectBlogs = (db: Db) =>
  db
    .select({ blog: schema.blogs, authorName: schema.users.name })
    .from(schema.blogs)
    .leftJoin(schema.users, eq(schema.blogs.authorId, schema.users.id));

/** Published posts newest first; with `includeDrafts`, drafts too (newest activity first). */
export async function listBlogs(db: Db, { includeDrafts = false } = {}): Promise<Blog[]> {
  const rows = includeDrafts
    ? await selectBlogs(db).orderBy(
        desc(sql`coalesce(${schema.blogs.publishedAt}, ${schema.blogs.createdAt})`),
        desc(schema.blogs.createdAt),
      )
    : await selectBlogs(db)
        .where(eq(schema.blogs.status, 'published'))
        .orderBy(desc(schema.blogs.publishedAt), desc(schema.blogs.createdAt));
  return rows.map((row) => toBlog(row.blog, row.authorName));
}

/** A post by id (uuid) or by slug, drafts included; the caller decides who may see a draft. */
export async function findBlog(db: Db, idOrSlug: string): Promise<Blog | null> {
  const where = UUID.test(idOrSlug) ? eq(schema.blogs.id, idOrSlug) : eq(schema.blogs.slug, idOrSlug);
  const [row] = await selectBlogs(db).where(where);
  return row ? toBlog(row.blog, row.authorName) : null;
}

export async function findPublishedBlogBySlug(db: Db, slug: string): Promise<Blog | null> {
  // The page renderer passes the URL's slug as it came: one no post can have is not looked up.
  if (slug.length > LENGTH.pathSegment || !isCleanText(slug)) return null;
  const [row] = await selectBlogs(db).where(and(eq(schema.blogs.slug, slug), eq(schema.blogs.status, 'published')));
  return row ? toBlog(row.blog, row.authorName) : null;
}

/** New post; the author comes from the token, never the body; status defaults to published. */
export async function createBlog(db: Db, input: BlogInput, authorId: string): Promise<Blog> {
  const status: BlogStatus = input.status ?? 'published';
  const now = new Date();
  const row = await withFreeSlug(db, slugify(input.title), undefined, async (slug) => {
    const [inserted] = await db
      .insert(schema.blogs)
      .values({
        slug,
        title: input.title,
        content: input.content,
        excerpt: excerptOf(input.content),
        imageUrl: input.imageUrl,
        status,
        authorId,
        publishedAt: status === 'published' ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('insert returned no row');
    return inserted;
  });
  return (await findBlog(db, row.id)) ?? toBlog(row, null);
}

/**
 * Updates a post. Status and image stay as they are when the body leaves them out. The slug follows
 * the title until the post is first published; after that its URL never changes.
 */
export async function updateBlog(
  db: Db,
  id: string,
  input: BlogInput,
  { keepImage }: { keepImage: boolean },
): Promise<Blog | null> {
  if (!UUID.test(id)) return null;
  const [current] = await db.select().from(schema.blogs).where(eq(schema.blogs.id, id));
  if (!current) return null;
  const status: BlogStatus = input.status ?? (current.status as BlogStatus);
  const now = new Date();
  const publishedAt = current.publishedAt ?? (status === 'published' ? now : null);
  const slugBase = current.publishedAt ? null : slugify(input.title);
  const write = async (slug: string) => {
    const [updated] = await db
      .update(schema.blogs)
      .set({
        slug,
        title: input.title,
        content: input.content,
        excerpt: excerptOf(input.content),
        imageUrl: keepImage ? current.imageUrl : input.imageUrl,
        status,
        publishedAt,
        updatedAt: now,
      })
      .where(eq(schema.blogs.id, id))
      .returning();
    return updated;
  };
  const updated =
    slugBase === null || slugBase === current.slug
      ? await write(current.slug)
      : await withFreeSlug(db, slugBase, id, write);
  if (!updated) return null;
  return findBlog(db, id);
}

/** True when a post was deleted. */
export async function deleteBlog(db: Db, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const deleted = await db.delete(schema.blogs).where(eq(schema.blogs.id, id)).returning({ id: schema.blogs.id });
  return deleted.length > 0;
}
