// Blog posts: what is visible when, slugs and their history, revisions, and the BlogSchema shape the
// API and the web pages share.
import {
  BLOG_MESSAGES,
  BUILT_IN_BLOG_SLUGS,
  RESERVED_BLOG_SLUGS,
  type Blog,
  type BlogDraftData,
  type BlogInputSchema,
  type BlogRevision,
  type BlogStatus,
  BlogTagsSchema,
  BLOG_SLUG_PATTERN,
  isCleanText,
  isImageAddress,
  LENGTH,
} from '@agency/contract';
import { and, desc, eq, inArray, lte, or, schema, sql, type Db } from '@agency/db';
import { randomUUID } from 'node:crypto';
import { arrayContains, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { excerptOf } from './markdown.ts';

type BlogRow = typeof schema.blogs.$inferSelect;
export type BlogInput = z.output<typeof BlogInputSchema>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SLUG_MAX = 80;

/** Slugs no database post may take: the built-in articles' and the blog's own paths. */
const UNAVAILABLE_SLUGS: ReadonlySet<string> = new Set([...BUILT_IN_BLOG_SLUGS, ...RESERVED_BLOG_SLUGS]);

/** A field the input schema cannot check alone (it needs the stored post); the route answers 400. */
export class BlogFieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

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

/**
 * `base`, else `base-2`, `base-3`…: the first slug that is not a built-in article or reserved path,
 * and that no other post uses now or used before (its old links keep redirecting to it).
 */
async function freeSlug(db: Db, base: string, exceptId?: string): Promise<string> {
  const like = `${base}-%`;
  const current = await db
    .select({ id: schema.blogs.id, slug: schema.blogs.slug })
    .from(schema.blogs)
    .where(or(eq(schema.blogs.slug, base), sql`${schema.blogs.slug} like ${like}`));
  const earlier = await db
    .select({ id: schema.blogSlugs.blogId, slug: schema.blogSlugs.slug })
    .from(schema.blogSlugs)
    .where(or(eq(schema.blogSlugs.slug, base), sql`${schema.blogSlugs.slug} like ${like}`));
  const taken = new Set([...current, ...earlier].filter((row) => row.id !== exceptId).map((row) => row.slug));
  const free = (slug: string) => !taken.has(slug) && !UNAVAILABLE_SLUGS.has(slug);
  if (free(base)) return base;
  for (let n = 2; ; n++) if (free(`${base}-${n}`)) return `${base}-${n}`;
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

/**
 * Runs a write with the slug an editor chose: 400 naming `slug` when another post has (or had) it or
 * the blog reserves it, never a silent `-2`.
 */
async function withChosenSlug<T>(
  db: Db,
  slug: string,
  exceptId: string | undefined,
  write: (slug: string) => Promise<T>,
) {
  const taken = () => new BlogFieldError('slug', BLOG_MESSAGES.slugTaken);
  if ((await freeSlug(db, slug, exceptId)) !== slug) throw taken();
  try {
    return await write(slug);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** The hand-written excerpt, or the beginning of the content. */
const excerptFields = (written: string | null | undefined, content: string) =>
  written ? { excerpt: written, excerptWritten: true } : { excerpt: excerptOf(content), excerptWritten: false };

/** A scheduled post whose time has come reads as published: the query, not a timer, decides. */
const effectiveStatus = (row: Pick<BlogRow, 'status' | 'publishedAt'>, now: Date): BlogStatus =>
  row.status === 'scheduled' && row.publishedAt && row.publishedAt <= now ? 'published' : (row.status as BlogStatus);

/** Who made the current version of a post (named by a 409 and under its draft). */
const changedByName = sql<
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

/** The one rule of what the public sees: published or scheduled, and its time has come. */
export const visibleAt = (now: Date): SQL =>
  and(inArray(schema.blogs.status, ['published', 'scheduled']), lte(schema.blogs.publishedAt, now)) as SQL;

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

/** A save or update from a version that is no longer the post's: who changed it since, and when. */
export class StalePostError extends Error {
  constructor(readonly current: { version: number; changedAt: Date; changedBy: string | null }) {
    super('stale post version');
  }
}

async function staleError(db: Db, id: string): Promise<StalePostError | null> {
  const [row] = await db
    .select({
      version: schema.blogs.version,
      changedAt: schema.blogs.changedAt,
      updatedAt: schema.blogs.updatedAt,
      changedByName,
    })
    .from(schema.blogs)
    .where(eq(schema.blogs.id, id));
  return row
    ? new StalePostError({
        version: row.version,
        changedAt: row.changedAt ?? row.updatedAt,
        changedBy: row.changedByName,
      })
    : null;
}

/**
 * Saves a post's draft if `version` is still the post's: one conditional update (the public's columns are not
 * touched, so no page cache is emptied). Null when there is no such post; StalePostError when someone else saved.
 */
export async function saveBlogDraft(
  db: Db,
  id: string,
  version: number,
  data: BlogDraftData,
  editorId: string,
  now = new Date(),
): Promise<Blog | null> {
  if (!UUID.test(id)) return null;
  const [saved] = await db
    .update(schema.blogs)
    .set({ draft: data, version: sql`${schema.blogs.version} + 1`, changedBy: editorId, changedAt: now })
    .where(and(eq(schema.blogs.id, id), eq(schema.blogs.version, version)))
    .returning({ id: schema.blogs.id });
  if (saved) return findBlog(db, id, now, true);
  const stale = await staleError(db, id);
  if (stale) throw stale;
  return null;
}

/**
 * The first autosave of a new post (issue 23): the post is created as an unpublished draft holding the editor's
 * form, so its text is on the server (and in every browser) before anyone presses Save. Its public columns take
 * what was typed then (the admin's list shows them; nothing public shows a draft); its address is a placeholder
 * (`draft-<id>`), so it takes no address a saved post could want: the first save gives it one from its title, and
 * replaces it without a revision (never_saved). The caller has checked that something was typed.
 */
export async function createBlogDraft(db: Db, data: BlogDraftData, authorId: string, now = new Date()): Promise<Blog> {
  const id = randomUUID();
  const content = data.content ?? '';
  const tags = BlogTagsSchema.safeParse(data.tags);
  await db.insert(schema.blogs).values({
    id,
    slug: `draft-${id}`,
    title: data.title?.trim() ?? '',
    content,
    ...excerptFields(null, content),
    status: 'draft',
    tags: tags.success ? tags.data : [],
    authorId,
    publishedAt: null,
    createdAt: now,
    updatedAt: now,
    draft: data,
    changedBy: authorId,
    changedAt: now,
    neverSaved: true,
  });
  return (await findBlog(db, id, now, true))!;
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

/**
 * Status and publication time as stored. A published post without a time gets `now`; one whose
 * time is still ahead is scheduled, since that is what it is.
 */
function schedule(status: BlogStatus, publishedAt: Date | null, now: Date) {
  if (status === 'scheduled' && !publishedAt)
    throw new BlogFieldError('publishedAt', BLOG_MESSAGES.publishedAtRequired);
  if (status !== 'published') return { status, publishedAt };
  const at = publishedAt ?? now;
  return { status: at > now ? ('scheduled' as const) : status, publishedAt: at };
}

/** New post; the author comes from the token, never the body; status defaults to published. */
export async function createBlog(db: Db, input: BlogInput, authorId: string, now = new Date()): Promise<Blog> {
  const { status, publishedAt } = schedule(input.status ?? 'published', input.publishedAt, now);
  const insert = async (slug: string) => {
    const [inserted] = await db
      .insert(schema.blogs)
      .values({
        slug,
        title: input.title,
        content: input.content,
        ...excerptFields(input.excerpt, input.content),
        seoTitle: input.seoTitle || null,
        seoDescription: input.seoDescription || null,
        socialImageUrl: input.socialImageUrl || null,
        socialImageAlt: input.socialImageUrl ? input.socialImageAlt || null : null,
        imageUrl: input.imageUrl,
        imageAlt: input.imageUrl ? (input.imageAlt ?? input.title) : null,
        status,
        tags: input.tags,
        authorId,
        publishedAt,
        createdAt: now,
        updatedAt: now,
        changedBy: authorId,
        changedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('insert returned no row');
    return inserted;
  };
  const row = input.slug
    ? await withChosenSlug(db, input.slug, undefined, insert)
    : await withFreeSlug(db, slugify(input.title), undefined, insert);
  return (await findBlog(db, row.id, now, true)) ?? toBlog(row, null, now);
}

export interface UpdateOptions {
  /** Which fields the request sent; the others keep their stored value. */
  sent: {
    imageUrl: boolean;
    imageAlt: boolean;
    tags: boolean;
    publishedAt: boolean;
    excerpt?: boolean;
    seoTitle?: boolean;
    seoDescription?: boolean;
    socialImageUrl?: boolean;
    socialImageAlt?: boolean;
  };
  /** Who makes the change (kept with the revision it replaces). */
  editorId: string | null;
  now?: Date;
  /** The version the editor opened: another one is refused (StalePostError). Left out: no check. */
  version?: number;
  /** Keep the autosaved draft (a restore); else the update takes its place and it is dropped. */
  keepDraft?: boolean;
}

/**
 * Updates a post and keeps the version it replaces as a revision. The slug is the one sent, else it
 * follows the title; every earlier slug is remembered and answers 301 to the current one.
 */
export async function updateBlog(db: Db, id: string, input: BlogInput, options: UpdateOptions): Promise<Blog | null> {
  if (!UUID.test(id)) return null;
  const now = options.now ?? new Date();
  const [current] = await db.select().from(schema.blogs).where(eq(schema.blogs.id, id));
  if (!current) return null;
  if (options.version !== undefined && options.version !== current.version) throw (await staleError(db, id))!;
  const { sent } = options;
  const imageUrl = sent.imageUrl ? input.imageUrl : current.imageUrl;
  const imageAlt = imageUrl ? (sent.imageAlt ? input.imageAlt : (current.imageAlt ?? input.title)) : null;
  if (imageUrl && !imageAlt) throw new BlogFieldError('imageAlt', BLOG_MESSAGES.imageAltRequired);
  const { status, publishedAt } = schedule(
    input.status ?? (current.status as BlogStatus),
    sent.publishedAt ? input.publishedAt : current.publishedAt,
    now,
  );
  const socialImageUrl = sent.socialImageUrl ? input.socialImageUrl || null : current.socialImageUrl;
  const socialImageAlt = socialImageUrl
    ? sent.socialImageAlt
      ? input.socialImageAlt || null
      : current.socialImageAlt
    : null;
  if (socialImageUrl && !socialImageAlt)
    throw new BlogFieldError('socialImageAlt', BLOG_MESSAGES.socialImageAltRequired);
  const changes = {
    title: input.title,
    content: input.content,
    ...excerptFields(sent.excerpt ? input.excerpt : current.excerptWritten ? current.excerpt : null, input.content),
    seoTitle: sent.seoTitle ? input.seoTitle || null : current.seoTitle,
    seoDescription: sent.seoDescription ? input.seoDescription || null : current.seoDescription,
    socialImageUrl,
    socialImageAlt,
    imageUrl,
    imageAlt,
    tags: sent.tags ? input.tags : current.tags,
    status,
    publishedAt,
    updatedAt: now,
    ...(options.keepDraft ? {} : { draft: null }),
    version: current.version + 1,
    changedBy: options.editorId,
    changedAt: now,
    neverSaved: false,
  };
  const write = (slug: string) =>
    saveVersion(db, current, { ...changes, slug }, options.editorId).catch((error: unknown) => {
      if (error instanceof ChangedMeanwhile) return undefined;
      throw error;
    });
  const updated = input.slug
    ? input.slug === current.slug
      ? await write(current.slug)
      : await withChosenSlug(db, input.slug, id, write)
    : input.title === current.title && !current.neverSaved
      ? await write(current.slug)
      : await withFreeSlug(db, slugify(input.title), id, write);
  if (!updated) {
    // Changed (or deleted) by someone else between the read and the write.
    const stale = await staleError(db, id);
    if (stale) throw stale;
    return null;
  }
  return findBlog(db, id, now, true);
}

/** Thrown inside saveVersion's transaction (so it is undone) when the post changed since it was read. */
class ChangedMeanwhile extends Error {}

/** Stores the previous version as a revision, the new one in its place, and the slug history. */
async function saveVersion(
  db: Db,
  current: BlogRow,
  next: Partial<BlogRow> & { slug: string },
  editorId: string | null,
): Promise<BlogRow | undefined> {
  return db.transaction(async (tx) => {
    // A post its autosave made and nobody saved: the version replaced was never a version of anyone's, so it
    // leaves no revision and its placeholder address no redirect.
    if (!current.neverSaved) {
      await tx.insert(schema.blogRevisions).values({
        blogId: current.id,
        slug: current.slug,
        title: current.title,
        content: current.content,
        imageUrl: current.imageUrl,
        imageAlt: current.imageAlt,
        excerpt: current.excerptWritten ? current.excerpt : null,
        seoTitle: current.seoTitle,
        seoDescription: current.seoDescription,
        socialImageUrl: current.socialImageUrl,
        socialImageAlt: current.socialImageAlt,
        tags: current.tags,
        status: current.status,
        publishedAt: current.publishedAt,
        editorId,
        createdAt: next.updatedAt ?? new Date(),
      });
      if (next.slug !== current.slug) {
        // The new slug may be one of this post's own earlier ones: it is current again, not a redirect.
        await tx
          .delete(schema.blogSlugs)
          .where(and(eq(schema.blogSlugs.slug, next.slug), eq(schema.blogSlugs.blogId, current.id)));
        // Every earlier slug points at the post, not at the next slug, so there are no chains.
        await tx.insert(schema.blogSlugs).values({ slug: current.slug, blogId: current.id });
      }
    }
    // Only over the version read: a save that landed in between leaves no row, and this transaction is undone.
    const [updated] = await tx
      .update(schema.blogs)
      .set(next)
      .where(and(eq(schema.blogs.id, current.id), eq(schema.blogs.version, current.version)))
      .returning();
    if (!updated) throw new ChangedMeanwhile();
    return updated;
  });
}

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
 * an update like any other: the version it replaces becomes a revision, so a restore can be undone.
 * Null when the post or the revision does not exist.
 */
export async function restoreRevision(
  db: Db,
  blogId: string,
  revisionId: string,
  editorId: string | null,
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
      editorId,
      keepDraft: true,
    },
  );
}

/** True when a post was deleted (its revisions and old slugs go with it). */
export async function deleteBlog(db: Db, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const deleted = await db.delete(schema.blogs).where(eq(schema.blogs.id, id)).returning({ id: schema.blogs.id });
  return deleted.length > 0;
}
