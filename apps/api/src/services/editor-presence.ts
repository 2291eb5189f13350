// Who has a content document or a blog post open in the editor (issue 31, item 5): each open editor sends a
// heartbeat every CONTENT_PRESENCE_HEARTBEAT_SECONDS; one not heard from for CONTENT_PRESENCE_TTL_SECONDS is gone.
// Kept in the database (editor_presence), so every instance of a cluster sees every editor, whichever instance
// their heartbeats reach. Names only, shown to staff only.
import { CONTENT_PRESENCE_TTL_SECONDS, type ContentEditorPresence } from '@agency/contract';
import { and, asc, eq, gte, lt, ne, schema, sql, type Db } from '@agency/db';

const { editorPresence, users } = schema;

/** The presence key of a content document, and of a blog post: one table holds both. */
export const contentPresenceKey = (key: string) => `content:${key}`;
export const blogPresenceKey = (id: string) => `blog:${id}`;

const oldestLive = (now: Date) => new Date(now.getTime() - CONTENT_PRESENCE_TTL_SECONDS * 1000);

/**
 * `userId` has `key` open at `now`: since their first heartbeat of this visit (a heartbeat after their last one
 * expired starts a new visit). Rows expired everywhere are removed on the way.
 */
export async function beatPresence(db: Db, key: string, userId: string, now = new Date()): Promise<void> {
  const oldest = oldestLive(now);
  await db.delete(editorPresence).where(lt(editorPresence.heartbeatAt, oldest));
  await db
    .insert(editorPresence)
    .values({ key, userId, since: now, heartbeatAt: now })
    .onConflictDoUpdate({
      target: [editorPresence.key, editorPresence.userId],
      set: {
        since: sql`case when ${editorPresence.heartbeatAt} < ${oldest} then excluded.since else ${editorPresence.since} end`,
        heartbeatAt: sql`excluded.heartbeat_at`,
      },
    });
}

/** `userId` closed `key`: others no longer see them there. */
export async function leavePresence(db: Db, key: string, userId: string): Promise<void> {
  await db.delete(editorPresence).where(and(eq(editorPresence.key, key), eq(editorPresence.userId, userId)));
}

/** Everyone but `userId` who has `key` open at `now`, earliest first. */
export async function othersPresent(db: Db, key: string, userId: string, now = new Date()) {
  const rows = await db
    .select({ name: users.name, since: editorPresence.since })
    .from(editorPresence)
    .innerJoin(users, eq(users.id, editorPresence.userId))
    .where(
      and(
        eq(editorPresence.key, key),
        ne(editorPresence.userId, userId),
        gte(editorPresence.heartbeatAt, oldestLive(now)),
      ),
    )
    .orderBy(asc(editorPresence.since), asc(users.name));
  return rows.map((row): ContentEditorPresence => ({ name: row.name, since: row.since.toISOString() }));
}

/** A heartbeat that answers who else is there (the route's one call). */
export async function beatAndList(db: Db, key: string, userId: string, now = new Date()) {
  await beatPresence(db, key, userId, now);
  return othersPresent(db, key, userId, now);
}
