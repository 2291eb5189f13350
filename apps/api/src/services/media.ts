// The media library (issue 23, item 5): each image is stored once as WebP variants (services/images.ts),
// described once, and listed with the pages and posts that show it; one in use is never deleted.
import {
  IMAGE_WIDTHS,
  type MediaItem,
  type MediaUse,
  blogPostPath,
  contentDocument,
  uploadedImageUrl,
} from '@agency/contract';
import { desc, eq, or, schema, sql, type Db } from '@agency/db';
import sharp from 'sharp';
import { type AuditContext, recordAudit } from './audit.ts';
import { imageStorageKey, storeImage } from './images.ts';
import type { Storage } from './storage.ts';

type MediaRow = typeof schema.media.$inferSelect;

/** The part of an address every variant of image `id` shares: `/api/uploads/images/<id>-`. */
const variantPrefix = (id: string) => uploadedImageUrl(id, 0).replace(/0\.webp$/, '');

const toItem = (row: MediaRow, uploader: string | null, usedBy: MediaUse[]): MediaItem => ({
  id: row.id,
  url: row.url,
  alt: row.alt,
  width: row.width,
  height: row.height,
  createdAt: row.createdAt.toISOString(),
  uploadedBy: uploader === null ? null : { username: uploader },
  usedBy,
});

/**
 * Stores the image's variants, then its row with its audit entry `media.uploaded` in one transaction; throws
 * WrongType (or Invalid) for bytes that are not an image we take.
 */
export async function createMedia(
  db: Db,
  storage: Storage,
  uploader: AuditContext & { user: { id: string } },
  bytes: Buffer,
  alt: string,
) {
  const { id, url } = await storeImage(storage, bytes);
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  // The stored size: variants are never upscaled, so the largest is the original up to the widest width.
  const widest = Math.max(...IMAGE_WIDTHS);
  const width = meta?.width ? Math.min(meta.width, widest) : null;
  const height = meta?.width && meta.height && width ? Math.round((meta.height * width) / meta.width) : null;
  return db.transaction(async (tx) => {
    const uploadedBy = uploader.user.id;
    const [row] = await tx.insert(schema.media).values({ id, url, alt, width, height, uploadedBy }).returning();
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, uploader, { action: 'media.uploaded', target: { type: 'media', id: row.id } });
    return row;
  });
}

/**
 * The content documents whose published, scheduled or draft version shows image `id` (an image field or
 * a Markdown image): a draft counts, since publishing it would show a deleted image.
 */
async function pageUsesOf(db: Db, id: string): Promise<MediaUse[]> {
  const pattern = `%${variantPrefix(id)}%`;
  const documents = schema.contentDocuments;
  const rows = await db
    .select({ key: documents.key })
    .from(documents)
    .where(
      or(
        sql`${documents.published}::text like ${pattern}`,
        sql`coalesce(${documents.scheduled}::text, '') like ${pattern}`,
        sql`coalesce(${documents.draft}::text, '') like ${pattern}`,
      ),
    )
    .orderBy(documents.key);
  return rows.map((row) => {
    const entry = contentDocument(row.key);
    return { kind: 'page', id: row.key, title: entry?.title ?? row.key, path: entry?.paths[0] ?? null };
  });
}

/** The posts (any status) whose image, social image or Markdown, or their autosaved draft, shows image `id`. */
async function postUsesOf(db: Db, id: string): Promise<MediaUse[]> {
  const pattern = `%${variantPrefix(id)}%`;
  const blogs = schema.blogs;
  const rows = await db
    .select({ id: blogs.id, title: blogs.title, slug: blogs.slug })
    .from(blogs)
    .where(
      or(
        sql`${blogs.imageUrl} like ${pattern}`,
        sql`${blogs.socialImageUrl} like ${pattern}`,
        sql`${blogs.content} like ${pattern}`,
        sql`coalesce(${blogs.draft}::text, '') like ${pattern}`,
      ),
    )
    .orderBy(blogs.title);
  return rows.map((row) => ({ kind: 'post', id: row.id, title: row.title, path: blogPostPath(row.slug) }));
}

/** Every page and post that shows image `id`. */
export async function usesOf(db: Db, id: string): Promise<MediaUse[]> {
  return [...(await pageUsesOf(db, id)), ...(await postUsesOf(db, id))];
}

/** The library, newest first, each image with where it is used. */
export async function listMedia(db: Db): Promise<MediaItem[]> {
  const rows = await db
    .select({ media: schema.media, uploader: schema.users.name })
    .from(schema.media)
    .leftJoin(schema.users, eq(schema.media.uploadedBy, schema.users.id))
    .orderBy(desc(schema.media.createdAt), desc(schema.media.id));
  return Promise.all(rows.map(async (row) => toItem(row.media, row.uploader, await usesOf(db, row.media.id))));
}

export type MediaDeletion =
  { status: 'deleted'; row: MediaRow } | { status: 'missing' } | { status: 'in use'; usedBy: MediaUse[] };

/**
 * Deletes image `id` unless a page or post shows it, as one decision: in one transaction the writers of pages and
 * posts are held off (a share lock on both tables: they wait, readers do not), the uses are read and the row is
 * deleted, so no draft or post can start showing the image between the check and the delete, with its audit entry
 * `media.deleted`. The stored variants are removed after the commit, so a refused or failed delete never loses a
 * file.
 */
export async function deleteMediaUnlessUsed(
  db: Db,
  storage: Storage,
  requester: AuditContext,
  id: string,
): Promise<MediaDeletion> {
  const outcome = await db.transaction(async (tx): Promise<MediaDeletion> => {
    await tx.execute(sql`lock table ${schema.contentDocuments}, ${schema.blogs} in share mode`);
    const [row] = await tx.select().from(schema.media).where(eq(schema.media.id, id)).for('update');
    if (!row) return { status: 'missing' };
    const usedBy = await usesOf(tx, id);
    if (usedBy.length > 0) return { status: 'in use', usedBy };
    await tx.delete(schema.media).where(eq(schema.media.id, id));
    await recordAudit(tx, requester, {
      action: 'media.deleted',
      target: { type: 'media', id },
      data: { alt: row.alt },
    });
    return { status: 'deleted', row };
  });
  if (outcome.status === 'deleted') for (const width of IMAGE_WIDTHS) await storage.delete(imageStorageKey(id, width));
  return outcome;
}
