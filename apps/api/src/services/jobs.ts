// Job openings: the one rule of which are open, slugs, and the JobSchema shape the API and pages share.
import {
  RESERVED_JOB_SLUGS,
  type EmploymentType,
  type Job,
  type JobInputSchema,
  type JobLocation,
  type JobStatus,
  type SalaryUnit,
} from '@agency/contract';
import { and, asc, eq, gt, or, schema, sql, type Db } from '@agency/db';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type AuditContext, recordAudit, recordJobAudit } from './audit.ts';
import { slugify } from './blog-slugs.ts';
import { UUID } from './blogs.ts';
import { renderMarkdown } from './markdown.ts';

type JobRow = typeof schema.jobs.$inferSelect;
export type JobInput = z.output<typeof JobInputSchema>;

/** The one rule of what applicants see: status open and `validThrough` still ahead of `now`. */
export const openAt = (now: Date): SQL => and(eq(schema.jobs.status, 'open'), gt(schema.jobs.validThrough, now)) as SQL;

const isOpen = (row: JobRow, now: Date) => row.status === 'open' && row.validThrough > now;

export function toJob(row: JobRow, now = new Date()): Job {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    location: row.location as JobLocation,
    employmentType: row.employmentType as EmploymentType,
    salaryMin: row.salaryMin,
    salaryMax: row.salaryMax,
    salaryCurrency: row.salaryCurrency as Job['salaryCurrency'],
    salaryUnit: row.salaryUnit as SalaryUnit,
    description: row.description,
    descriptionHtml: renderMarkdown(row.description),
    status: row.status as JobStatus,
    open: isOpen(row, now),
    validThrough: row.validThrough.toISOString(),
    datePosted: row.datePosted.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Open openings (soonest closing last, newest first); with `includeClosed`, every opening. */
export async function listJobs(db: Db, { now = new Date(), includeClosed = false } = {}): Promise<Job[]> {
  const rows = await db
    .select()
    .from(schema.jobs)
    .where(includeClosed ? undefined : openAt(now))
    .orderBy(sql`${schema.jobs.datePosted} desc`, asc(schema.jobs.title));
  return rows.map((row) => toJob(row, now));
}

/** An opening by slug or id, open or not: its page answers 410 when it is no longer open. */
export async function findJob(db: Db, slugOrId: string, now = new Date()): Promise<Job | null> {
  const where = UUID.test(slugOrId)
    ? or(eq(schema.jobs.id, slugOrId), eq(schema.jobs.slug, slugOrId))
    : eq(schema.jobs.slug, slugOrId);
  const [row] = await db.select().from(schema.jobs).where(where);
  return row ? toJob(row, now) : null;
}

/** The open opening with this id (an application names it), else null. */
export async function findOpenJobById(db: Db, id: string, now = new Date()): Promise<Job | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select()
    .from(schema.jobs)
    .where(and(eq(schema.jobs.id, id), openAt(now)));
  return row ? toJob(row, now) : null;
}

/** `base`, else `base-2`, `base-3`…: the first slug no other opening uses and that is not a page under /career. */
async function freeJobSlug(db: Db, base: string, exceptId?: string): Promise<string> {
  const rows = await db
    .select({ id: schema.jobs.id, slug: schema.jobs.slug })
    .from(schema.jobs)
    .where(or(eq(schema.jobs.slug, base), sql`${schema.jobs.slug} like ${`${base}-%`}`));
  const taken = new Set(rows.filter((row) => row.id !== exceptId).map((row) => row.slug));
  const free = (slug: string) => !taken.has(slug) && !RESERVED_JOB_SLUGS.includes(slug);
  if (free(base)) return base;
  for (let n = 2; ; n++) if (free(`${base}-${n}`)) return `${base}-${n}`;
}

const columns = (input: JobInput) => ({
  title: input.title,
  location: input.location,
  employmentType: input.employmentType,
  salaryMin: input.salaryMin,
  salaryMax: input.salaryMax,
  salaryCurrency: input.salaryCurrency,
  salaryUnit: input.salaryUnit,
  description: input.description,
  status: input.status,
  validThrough: input.validThrough,
});

/** A new opening, in one transaction with its audit entries (`job.created`, and `job.opened` when it is open). */
export async function createJob(db: Db, requester: AuditContext, input: JobInput, now = new Date()): Promise<Job> {
  const slug = await freeJobSlug(db, slugify(input.title));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.jobs)
      .values({ ...columns(input), slug, datePosted: now, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('insert returned no row');
    const job = toJob(row, now);
    await recordJobAudit(tx, requester, 'job.created', job);
    return job;
  });
}

/**
 * Updates an opening. Its address stays (applicants and search engines hold it); reopening a closed
 * one counts as posting it again. One transaction with its audit entries (`job.updated`, and `job.opened` or
 * `job.closed` when that changed).
 */
export async function updateJob(
  db: Db,
  requester: AuditContext,
  id: string,
  input: JobInput,
  now = new Date(),
): Promise<Job | null> {
  if (!UUID.test(id)) return null;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(schema.jobs).where(eq(schema.jobs.id, id)).for('update');
    if (!current) return null;
    const wasOpen = isOpen(current, now);
    const reopened = !wasOpen && input.status === 'open' && input.validThrough > now;
    const [row] = await tx
      .update(schema.jobs)
      .set({ ...columns(input), ...(reopened ? { datePosted: now } : {}), updatedAt: now })
      .where(eq(schema.jobs.id, id))
      .returning();
    if (!row) return null;
    const job = toJob(row, now);
    await recordJobAudit(tx, requester, 'job.updated', job, wasOpen);
    return job;
  });
}

/** Deletes an opening, in one transaction with `job.deleted`; false when there is none. */
export async function deleteJob(db: Db, requester: AuditContext, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(schema.jobs).where(eq(schema.jobs.id, id)).returning({ id: schema.jobs.id });
    if (deleted.length === 0) return false;
    await recordAudit(tx, requester, { action: 'job.deleted', target: { type: 'job', id } });
    return true;
  });
}
