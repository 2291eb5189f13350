// Writing a post: its autosaved draft, creating it, saving a new version (the one it replaces kept as a revision,
// its old address redirecting), deleting it. A save from a version that is no longer the post's is refused
// (StalePostError, 409 naming who saved meanwhile). Each write but a draft's is one transaction with its audit
// entries (issue 33 point 3): no entry for a save that was undone, no save without its entry.
import { BLOG_MESSAGES, type Blog, type BlogDraftData, type BlogStatus, BlogTagsSchema } from '@agency/contract';
import { and, eq, schema, sql, type Db } from '@agency/db';
import { randomUUID } from 'node:crypto';
import { Conflict, invalidField } from '../lib/domain-errors.ts';
import { type AuditContext, recordAudit, recordBlogAudit } from './audit.ts';
import { effectiveStatus, schedule } from './blog-schedule.ts';
import { slugify, withChosenSlug, withFreeSlug } from './blog-slugs.ts';
import { type BlogInput, type BlogRow, changedByName, excerptFields, findBlog, toBlog, UUID } from './blogs.ts';

/** A save or update from a version that is no longer the post's (409): who changed it since, and when. */
export class StalePostError extends Conflict {
  constructor(
    readonly current: { version: number; changedAt: Date; changedBy: string | null },
    /** The post as the colleague left it, with its draft (a draft save's 409: the editor compares field by field). */
    post?: Blog | null,
  ) {
    const when = current.changedAt.toISOString();
    super(BLOG_MESSAGES.stale(current.changedBy ?? 'someone', when), undefined, {
      updatedBy: current.changedBy,
      updatedAt: when,
      version: current.version,
      ...(post ? { post } : {}),
    });
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Writes a save's audit entries in the save's transaction `tx`: the row saved, and the row it replaced. */
export type SaveAudit = (tx: Tx, saved: BlogRow, replaced: BlogRow) => Promise<void>;

/** A stored post as its audit entry names it: id, title and the status the public sees at `now`. */
const audited = (row: BlogRow, now: Date) => ({ _id: row.id, title: row.title, status: effectiveStatus(row, now) });

async function staleError(db: Db, id: string, withPost = false): Promise<StalePostError | null> {
  const [row] = await db
    .select({
      version: schema.blogs.version,
      changedAt: schema.blogs.changedAt,
      updatedAt: schema.blogs.updatedAt,
      changedByName,
    })
    .from(schema.blogs)
    .where(eq(schema.blogs.id, id));
  if (!row) return null;
  const current = { version: row.version, changedAt: row.changedAt ?? row.updatedAt, changedBy: row.changedByName };
  return new StalePostError(current, withPost ? await findBlog(db, id, new Date(), true) : null);
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
  const stale = await staleError(db, id, true);
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

/**
 * New post by `author` (the caller's account, never the body); status defaults to published. One transaction with
 * its audit entries (`blog.created`, and `blog.published` or `blog.scheduled`).
 */
export async function createBlog(
  db: Db,
  author: AuditContext & { user: { id: string } },
  input: BlogInput,
  now = new Date(),
): Promise<Blog> {
  const authorId = author.user.id;
  const { status, publishedAt } = schedule(input.status ?? 'published', input.publishedAt, now);
  // Each try of a slug is its own transaction: a slug taken meanwhile undoes that try, entry and all.
  const insert = (slug: string) =>
    db.transaction(async (tx) => {
      const [inserted] = await tx
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
      await recordBlogAudit(tx, author, 'blog.created', audited(inserted, now));
      return inserted;
    });
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
  /** The save's audit entries, written in its transaction. */
  audit: SaveAudit;
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
  if (imageUrl && !imageAlt) throw invalidField('imageAlt', BLOG_MESSAGES.imageAltRequired);
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
  if (socialImageUrl && !socialImageAlt) throw invalidField('socialImageAlt', BLOG_MESSAGES.socialImageAltRequired);
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
    saveVersion(db, current, { ...changes, slug }, options).catch((error: unknown) => {
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

/** Stores the previous version as a revision, the new one in its place, the slug history and the audit entries. */
async function saveVersion(
  db: Db,
  current: BlogRow,
  next: Partial<BlogRow> & { slug: string },
  { editorId, audit }: Pick<UpdateOptions, 'editorId' | 'audit'>,
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
    await audit(tx, updated, current);
    return updated;
  });
}

/**
 * An editor's save of post `id` (PUT /api/blogs/{id}): updateBlog with its audit entries, in its transaction. The
 * first save of a post its autosave made is its creation (`blog.created`, as POST /api/blogs is), any other
 * `blog.updated`; either with `blog.published`, `blog.scheduled` or `blog.unpublished` when that changed.
 */
export async function saveBlog(
  db: Db,
  editor: AuditContext & { user: { id: string } },
  id: string,
  input: BlogInput,
  options: Pick<UpdateOptions, 'sent' | 'version'>,
): Promise<Blog | null> {
  const now = new Date();
  return updateBlog(db, id, input, {
    ...options,
    editorId: editor.user.id,
    now,
    audit: (tx, saved, replaced) =>
      replaced.neverSaved
        ? recordBlogAudit(tx, editor, 'blog.created', audited(saved, now))
        : recordBlogAudit(tx, editor, 'blog.updated', audited(saved, now), effectiveStatus(replaced, now)),
  });
}

/** True when a post was deleted (its revisions and old slugs go with it), in one transaction with `blog.deleted`. */
export async function deleteBlog(db: Db, requester: AuditContext, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(schema.blogs).where(eq(schema.blogs.id, id)).returning({ id: schema.blogs.id });
    if (deleted.length === 0) return false;
    await recordAudit(tx, requester, { action: 'blog.deleted', target: { type: 'blog', id } });
    return true;
  });
}
