// When a post is public: a scheduled post whose time has come reads as published, by the query and not by a
// timer; and the status and time a save stores.
import { BLOG_MESSAGES, type BlogStatus } from '@agency/contract';
import { and, inArray, lte, schema } from '@agency/db';
import type { SQL } from 'drizzle-orm';
import { invalidField } from '../lib/domain-errors.ts';

/** A scheduled post whose time has come reads as published: the query, not a timer, decides. */
export const effectiveStatus = (
  row: Pick<typeof schema.blogs.$inferSelect, 'status' | 'publishedAt'>,
  now: Date,
): BlogStatus =>
  row.status === 'scheduled' && row.publishedAt && row.publishedAt <= now ? 'published' : (row.status as BlogStatus);

/** The one rule of what the public sees: published or scheduled, and its time has come. */
export const visibleAt = (now: Date): SQL =>
  and(inArray(schema.blogs.status, ['published', 'scheduled']), lte(schema.blogs.publishedAt, now)) as SQL;

/**
 * Status and publication time as stored. A published post without a time gets `now`; one whose
 * time is still ahead is scheduled, since that is what it is.
 */
export function schedule(status: BlogStatus, publishedAt: Date | null, now: Date) {
  if (status === 'scheduled' && !publishedAt) throw invalidField('publishedAt', BLOG_MESSAGES.publishedAtRequired);
  if (status !== 'published') return { status, publishedAt };
  const at = publishedAt ?? now;
  return { status: at > now ? ('scheduled' as const) : status, publishedAt: at };
}
