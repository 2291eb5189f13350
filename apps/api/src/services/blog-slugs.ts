// A post's address: made from its title (`hello-world`, else `hello-world-2`…) or chosen by the editor, never one
// another post has or had, nor a built-in article's or the blog's own path.
import { BLOG_MESSAGES, BUILT_IN_BLOG_SLUGS, RESERVED_BLOG_SLUGS } from '@agency/contract';
import { eq, or, schema, sql, type Db } from '@agency/db';
import { invalidField } from '../lib/domain-errors.ts';

const SLUG_MAX = 80;

/** Slugs no database post may take: the built-in articles' and the blog's own paths. */
const UNAVAILABLE_SLUGS: ReadonlySet<string> = new Set([...BUILT_IN_BLOG_SLUGS, ...RESERVED_BLOG_SLUGS]);

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
export async function withFreeSlug<T>(
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
export async function withChosenSlug<T>(
  db: Db,
  slug: string,
  exceptId: string | undefined,
  write: (slug: string) => Promise<T>,
) {
  const taken = () => invalidField('slug', BLOG_MESSAGES.slugTaken);
  if ((await freeSlug(db, slug, exceptId)) !== slug) throw taken();
  try {
    return await write(slug);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
