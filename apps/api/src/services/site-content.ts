// The site's content documents in the database (migration 0012, docs/decisions/0020-site-content-documents.md):
// seeding the defaults, reading what the public sees, saving drafts with a version check, publishing now or
// at a set time, and the revisions. Each write is one statement or one transaction: nothing is half-saved.
import {
  CONTENT_DOCUMENTS,
  type ContentDocumentEntry,
  type ContentListItem,
  type ContentRevision,
  type ContentStatus,
} from '@agency/contract';
import { CONTENT_DEFAULTS } from '@agency/contract/content/defaults.ts';
import { type Db, sql, timestamptz } from '@agency/db';
import { isDeepStrictEqual } from 'node:util';

type Json = Record<string, unknown>;

export interface Editor {
  id: string;
  name: string;
}

export interface ContentRow {
  key: string;
  published: Json;
  publishedAt: Date;
  edited: boolean;
  scheduled: Json | null;
  scheduledAt: Date | null;
  draft: Json | null;
  version: number;
  updatedAt: Date;
  updatedByName: string | null;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const asJson = (value: unknown): Json | null =>
  value == null ? null : typeof value === 'string' ? (JSON.parse(value) as Json) : (value as Json);

function toRow(row: Record<string, unknown>): ContentRow {
  return {
    key: String(row.key),
    published: asJson(row.published) ?? {},
    publishedAt: asDate(row.published_at),
    edited: Boolean(row.edited),
    scheduled: asJson(row.scheduled),
    scheduledAt: row.scheduled_at == null ? null : asDate(row.scheduled_at),
    draft: asJson(row.draft),
    version: Number(row.version),
    updatedAt: asDate(row.updated_at),
    updatedByName: row.updated_by_name == null ? null : String(row.updated_by_name),
  };
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Adds every registered document that is not in the database yet, with its default (today's text), and
 * that first version as its first revision. Runs on every start; a document already there is left alone.
 */
export async function seedContent(db: Db): Promise<number> {
  let added = 0;
  for (const entry of CONTENT_DOCUMENTS) {
    const data = CONTENT_DEFAULTS[entry.key];
    if (!data) continue;
    const result = rowsOf(
      await db.execute(sql`
        with added as (
          insert into content_documents (key, published) values (${entry.key}, ${json(data)})
          on conflict (key) do nothing
          returning key, published
        )
        insert into content_revisions (key, version, data)
        select key, 1, published from added
        returning key
      `),
    );
    added += result.length;
  }
  return added;
}

/**
 * Whether `data` is exactly the installation's first version of `key`: published back (a restore, or the texts
 * put back by hand), the page is again the prerendered one, served as built.
 */
function isInstallDefault(key: string, data: Json): boolean {
  const initial = CONTENT_DEFAULTS[key];
  return (
    initial !== undefined && isDeepStrictEqual(JSON.parse(JSON.stringify(initial)), JSON.parse(JSON.stringify(data)))
  );
}

/**
 * A scheduled version whose time has come (by the app's clock, `now`) becomes the published one (and a revision).
 * Reads of what the public sees do not wait for this: they take a due scheduled version as published
 * (`publicDocuments`).
 */
export async function promoteDue(db: Db, now: Date): Promise<void> {
  const at = timestamptz(now);
  await db.execute(sql`
    with due as (
      update content_documents set
        published = scheduled, published_at = scheduled_at, published_by = scheduled_by, edited = true,
        scheduled = null, scheduled_at = null, scheduled_by = null, version = version + 1
      where scheduled_at is not null and scheduled_at <= ${at}
      returning key, version, published, published_at, published_by
    )
    insert into content_revisions (key, version, data, created_at, created_by, created_by_name)
    select due.key, due.version, due.published, due.published_at, due.published_by, users.name
    from due left join users on users.id = due.published_by
  `);
}

export interface PublicDocument {
  data: Json;
  /** False while it is still the installation's default (its prerendered page is right). */
  edited: boolean;
  publishedAt: Date;
}

/**
 * What the public sees of every document at `now` (the app's clock, as for a scheduled post): a scheduled version
 * counts once its time has come.
 */
export async function publicDocuments(db: Db, now: Date): Promise<Map<string, PublicDocument>> {
  const at = timestamptz(now);
  const rows = rowsOf(
    await db.execute(sql`
      select key,
        case when scheduled_at <= ${at} then scheduled else published end as data,
        case when scheduled_at <= ${at} then true else edited end as edited,
        case when scheduled_at <= ${at} then scheduled_at else published_at end as published_at
      from content_documents
    `),
  );
  return new Map(
    rows.map((row) => [
      String(row.key),
      { data: asJson(row.data) ?? {}, edited: Boolean(row.edited), publishedAt: asDate(row.published_at) },
    ]),
  );
}

export async function findContent(db: Db, key: string): Promise<ContentRow | null> {
  const row = rowsOf(await db.execute(sql`select * from content_documents where key = ${key}`))[0];
  return row ? toRow(row) : null;
}

/**
 * The document, locked until the end of the caller's transaction: a colleague's save of it waits until then,
 * and is then refused as stale if this transaction changed the version.
 */
export async function lockContent(db: Db, key: string): Promise<ContentRow | null> {
  const row = rowsOf(await db.execute(sql`select * from content_documents where key = ${key} for update`))[0];
  return row ? toRow(row) : null;
}

/**
 * Inside the transaction that locked the document (lockContent): makes `data` the published version now (and a
 * revision), keeping the draft, as restoring an earlier version does.
 */
export async function republish(db: Db, key: string, data: Json, editor: Editor): Promise<ContentRow> {
  const row = toRow(
    rowsOf(
      await db.execute(sql`
        update content_documents set published = ${json(data)}, published_at = now(), published_by = ${editor.id},
          edited = ${!isInstallDefault(key, data)}, scheduled = null, scheduled_at = null, scheduled_by = null,
          version = version + 1, updated_at = now(), updated_by = ${editor.id}, updated_by_name = ${editor.name}
        where key = ${key}
        returning *
      `),
    )[0]!,
  );
  await db.execute(sql`
    insert into content_revisions (key, version, data, created_by, created_by_name)
    values (${key}, ${row.version}, ${json(data)}, ${editor.id}, ${editor.name})
  `);
  return row;
}

/** Inside the transaction that locked the document: `data` becomes its draft, whatever the version. */
export async function replaceDraft(db: Db, key: string, data: Json, editor: Editor): Promise<ContentRow> {
  return toRow(
    rowsOf(
      await db.execute(sql`
        update content_documents set draft = ${json(data)}, version = version + 1, updated_at = now(),
          updated_by = ${editor.id}, updated_by_name = ${editor.name}
        where key = ${key}
        returning *
      `),
    )[0]!,
  );
}

export const statusOf = (row: Pick<ContentRow, 'draft' | 'scheduledAt'>): ContentStatus =>
  row.draft ? 'draft' : row.scheduledAt ? 'scheduled' : 'published';

export async function listContent(db: Db): Promise<ContentListItem[]> {
  const rows = new Map(
    rowsOf(await db.execute(sql`select * from content_documents`)).map((row) => [String(row.key), toRow(row)]),
  );
  return CONTENT_DOCUMENTS.flatMap((entry) => {
    const row = rows.get(entry.key);
    if (!row) return [];
    return [
      {
        key: entry.key,
        title: entry.title,
        paths: [...entry.paths],
        status: statusOf(row),
        updatedAt: row.updatedAt.toISOString(),
        updatedBy: row.updatedByName,
      },
    ];
  });
}

export class StaleVersionError extends Error {
  constructor(readonly current: ContentRow) {
    super('stale version');
  }
}

/**
 * Saves the draft if `version` is still the document's: one conditional update, so of two editors who opened the
 * same version only the first save lands; the second gets StaleVersionError with who saved and when.
 */
export async function saveDraft(db: Db, key: string, version: number, data: Json, editor: Editor) {
  const row = rowsOf(
    await db.execute(sql`
      update content_documents set draft = ${json(data)}, version = version + 1, updated_at = now(),
        updated_by = ${editor.id}, updated_by_name = ${editor.name}
      where key = ${key} and version = ${version}
      returning *
    `),
  )[0];
  if (row) return toRow(row);
  const current = await findContent(db, key);
  if (!current) return null;
  throw new StaleVersionError(current);
}

/**
 * Makes `data` public now (or at `publishAt`), clears the draft it came from, and records a revision of every
 * version that went public. Refused as stale like a draft save.
 */
export async function publishContent(
  db: Db,
  key: string,
  version: number,
  data: Json,
  editor: Editor,
  publishAt: Date | null,
): Promise<ContentRow | null> {
  return db.transaction(async (tx) => {
    const row = rowsOf(
      await tx.execute(
        publishAt
          ? sql`
            update content_documents set scheduled = ${json(data)}, scheduled_at = ${publishAt.toISOString()},
              scheduled_by = ${editor.id}, draft = null, version = version + 1, updated_at = now(),
              updated_by = ${editor.id}, updated_by_name = ${editor.name}
            where key = ${key} and version = ${version}
            returning *`
          : sql`
            update content_documents set published = ${json(data)}, published_at = now(), published_by = ${editor.id},
              edited = ${!isInstallDefault(key, data)}, scheduled = null, scheduled_at = null, scheduled_by = null, draft = null,
              version = version + 1, updated_at = now(), updated_by = ${editor.id}, updated_by_name = ${editor.name}
            where key = ${key} and version = ${version}
            returning *`,
      ),
    )[0];
    if (!row) {
      const current = await findContent(tx as unknown as Db, key);
      if (!current) return null;
      throw new StaleVersionError(current);
    }
    const saved = toRow(row);
    if (!publishAt) {
      await tx.execute(sql`
        insert into content_revisions (key, version, data, created_by, created_by_name)
        values (${key}, ${saved.version}, ${json(data)}, ${editor.id}, ${editor.name})
      `);
    }
    return saved;
  });
}

export async function listContentRevisions(db: Db, key: string): Promise<ContentRevision[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select id, version, data, created_at, created_by_name from content_revisions
      where key = ${key} order by created_at desc, version desc
    `),
  );
  return rows.map((row) => ({
    id: String(row.id),
    version: Number(row.version),
    createdAt: asDate(row.created_at).toISOString(),
    createdBy: row.created_by_name == null ? null : String(row.created_by_name),
    data: asJson(row.data) ?? {},
  }));
}

export async function findContentRevision(db: Db, key: string, id: string): Promise<Json | null> {
  const row = rowsOf(await db.execute(sql`select data from content_revisions where key = ${key} and id = ${id}`))[0];
  return row ? asJson(row.data) : null;
}

export const registryEntry = (key: string): ContentDocumentEntry | undefined =>
  CONTENT_DOCUMENTS.find((entry) => entry.key === key);
