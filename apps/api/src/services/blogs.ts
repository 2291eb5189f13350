// Blog posts as readers and the API see them: the BlogSchema shape, what is visible when, the list, one post,
// its draft shown in a preview, and old addresses. Writing a post: blog-editing.ts; its address: blog-slugs.ts;
// when it is public: blog-schedule.ts; earlier versions: blog-revisions.ts.
import {
  type Blog,
  type BlogDraftData,
  type BlogInputSchema,
  BlogTagsSchema,
  BLOG_SLUG_PATTERN,
  isCleanText,
  isImageAddress,
  LENGTH,
} from '@agency/contract';
import { and, desc, eq, schema, sql, type Db } from '@agency/db';
import { arrayContains, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { effectiveStatus, visibleAt } from './blog-schedule.ts';
import { excerptOf } from './markdown.ts';

export type BlogRow = typeof schema.blogs.$inferSelect;
export type BlogInput = z.output<typeof BlogInputSchema>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The hand-written excerpt, or the beginning of the content. */
export const excerptFields = (written: string | null | undefined, content: string) =>
  written ? { excerpt: written, excerptWritten: true } : { excerpt: excerptOf(content), excerptWritten: false };

/** Who made the current version of a post (named by a 409 and under its draft). */
export const changedByName = sql<
  string | null
>`(select ${schema.users.name} from ${schema.users} where ${schema.users.id} = ${schema.blogs.changedBy})`;

/**
 * The post as the API answers it. `editor`: with its version and autosaved draft, for editors only; the public's
 * answers (and the pages) never carry them.
 */
export function toBlog(
  row: BlogRow,
  authorName: string | null,
  now = new Date(),
  editor: { changedByName: string | null } | null = null,
): Blog {
  const blog: Blog = {
    _id: row.id,
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    imageAlt: row.imageAlt,
    author: authorName === null ? null : { username: authorName },
    slug: row.slug,
    excerpt: row.excerpt,
    excerptWritten: row.excerptWritten,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    socialImageUrl: row.socialImageUrl,
    socialImageAlt: row.socialImageAlt,
    status: effectiveStatus(row, now),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (!editor) return blog;
  return {
    ...blog,
    version: row.version,
    draft: row.draft
      ? {
          data: row.draft as BlogDraftData,
          savedAt: (row.changedAt ?? row.updatedAt).toISOString(),
          savedBy: editor.changedByName,
        }
      : null,
    neverSaved: row.neverSaved,
  };
}

const selectBlogs = (db: Db) =>
  db
    .select({ blog: schema.blogs, authorName: schema.users.name, changedByName })
    .from(schema.blogs)
    .leftJoin(schema.users, eq(schema.blogs.authorId, schema.users.id));

export interface BlogQuery {
  /** The moment that decides what is visible; defaults to now (tests pass their own). */
  now?: Date;
  /** Only posts with this tag (normalized, lower case). */
  tag?: string;
  /** Full-text search of title and content, best matches first. */
  q?: string;
  /** Drafts, scheduled and published posts alike (editors and admins). */
  includeHidden?: boolean;
}

/**
 * The posts a query selects, newest first (best match first when searching). Without `includeHidden`
 * this is what the public may see at `now`: /blog, the feed, the sitemap and GET /api/blogs all read it.
 */
export async function listBlogs(db: Db, { now = new Date(), tag, q, includeHidden = false }: BlogQuery = {}) {
  const conditions: SQL[] = [];
  if (!includeHidden) conditions.push(visibleAt(now));
  if (tag) conditions.push(arrayContains(schema.blogs.tags, [tag]));
  const query = q ? sql`websearch_to_tsquery('english', ${q})` : null;
  if (query) conditions.push(sql`${schema.blogs.search} @@ ${query}`);
  const order = [
    ...(query ? [desc(sql`ts_rank(${schema.blogs.search}, ${query})`)] : []),
    desc(sql`coalesce(${schema.blogs.publishedAt}, ${schema.blogs.createdAt})`),
    desc(schema.blogs.createdAt),
  ];
  const rows = await selectBlogs(db)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...order);
  // Hidden posts are read by editors only: with their versions and drafts.
  return rows.map((row) => toBlog(row.blog, row.authorName, now, includeHidden ? row : null));
}

/**
 * A post by id (uuid) or by slug, whatever its status; the caller decides who may see it. `forEditor`: with its
 * version and draft.
 */
export async function findBlog(db: Db, idOrSlug: string, now = new Date(), forEditor = false): Promise<Blog | null> {
  const where = UUID.test(idOrSlug) ? eq(schema.blogs.id, idOrSlug) : eq(schema.blogs.slug, idOrSlug);
  const [row] = await selectBlogs(db).where(where);
  return row ? toBlog(row.blog, row.authorName, now, forEditor ? row : null) : null;
}

/**
 * The post as its autosaved draft shows it (a preview link shows what the editor is writing, as content documents'
 * previews do): the draft's title, content, tags, images, slug, excerpt and search texts over the saved post's, each
 * only where the draft has a usable value (an unfinished field, e.g. a half-typed image address, keeps the saved
 * one). The status and publication time stay the saved post's: the draft's Published switch is a choice made on
 * save. A post without a draft comes back as it is, with `draftSavedAt` null.
 */
export function withDraftShown(blog: Blog): Blog & { draftSavedAt: string | null } {
  const draft = blog.draft?.data;
  const { version: _version, draft: _draft, neverSaved: _neverSaved, ...post } = blog;
  if (!draft) return { ...post, draftSavedAt: null };
  const text = (value: string | undefined, saved: string) => (value?.trim() ? value : saved);
  const optional = (value: string | undefined, saved: string | null) =>
    value === undefined ? saved : value.trim() || null;
  const image = (value: string | null | undefined, saved: string | null) =>
    value === undefined ? saved : value === null || value === '' ? null : isImageAddress(value) ? value : saved;
  const content = text(draft.content, post.content);
  const tags = draft.tags === undefined ? null : BlogTagsSchema.safeParse(draft.tags);
  const imageUrl = image(draft.imageUrl, post.imageUrl);
  const socialImageUrl = image(draft.socialImageUrl, post.socialImageUrl);
  const slug = draft.slug?.trim();
  const excerpt = draft.excerpt === undefined ? (post.excerptWritten ? post.excerpt : '') : draft.excerpt.trim();
  return {
    ...post,
    title: text(draft.title, post.title),
    content,
    tags: tags?.success ? tags.data : post.tags,
    imageUrl,
    imageAlt: imageUrl ? text(draft.imageAlt, post.imageAlt ?? '') || null : null,
    slug: slug && BLOG_SLUG_PATTERN.test(slug) ? slug : post.slug,
    ...excerptFields(excerpt, content),
    seoTitle: optional(draft.seoTitle, post.seoTitle),
    seoDescription: optional(draft.seoDescription, post.seoDescription),
    socialImageUrl,
    socialImageAlt: socialImageUrl ? text(draft.socialImageAlt, post.socialImageAlt ?? '') || null : null,
    draftSavedAt: blog.draft?.savedAt ?? null,
  };
}

/** The page renderer passes the URL's slug as it came: one no post can have is not looked up. */
const isPossibleSlug = (slug: string) => slug.length <= LENGTH.pathSegment && isCleanText(slug);

/** The post the public may read at /blog/<slug> at `now`. */
export async function findVisibleBlogBySlug(db: Db, slug: string, now = new Date()): Promise<Blog | null> {
  if (!isPossibleSlug(slug)) return null;
  const [row] = await selectBlogs(db).where(and(eq(schema.blogs.slug, slug), visibleAt(now)));
  return row ? toBlog(row.blog, row.authorName, now) : null;
}

/** The current slug of the visible post that once had `oldSlug` (for a 301), else null. */
export async function findBlogRedirect(db: Db, oldSlug: string, now = new Date()): Promise<string | null> {
  if (!isPossibleSlug(oldSlug)) return null;
  const [row] = await db
    .select({ slug: schema.blogs.slug })
    .from(schema.blogSlugs)
    .innerJoin(schema.blogs, eq(schema.blogSlugs.blogId, schema.blogs.id))
    .where(and(eq(schema.blogSlugs.slug, oldSlug), visibleAt(now)));
  return row?.slug ?? null;
}
