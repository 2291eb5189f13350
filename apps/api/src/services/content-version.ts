// What the public page cache compares before answering: the content version that database triggers raise on
// every write to public content, and the next moment after `now` that content changes by time alone (a scheduled
// post going public, a job opening reaching its validThrough, a content document's scheduled version). `now` is
// the app's clock, which decides each of those changes too.
import { type Db, sql, timestamptz } from '@agency/db';

export interface ContentState {
  version: number;
  /** Epoch milliseconds of the next change that no write announces, or null. */
  nextChangeAt: number | null;
}

export async function readContentState(db: Db, now: Date): Promise<ContentState> {
  const at = timestamptz(now);
  const result = (await db.execute(sql`
    select
      (select version from content_version where id = 1) as version,
      least(
        (select min(published_at) from blogs where status = 'scheduled' and published_at > ${at}),
        (select min(valid_through) from jobs where status = 'open' and valid_through > ${at}),
        (select min(scheduled_at) from content_documents where scheduled_at > ${at})
      ) as next_change
  `)) as unknown as { rows: { version: string | number; next_change: Date | string | null }[] };
  const row = result.rows[0];
  return {
    version: Number(row?.version ?? 0),
    nextChangeAt: row?.next_change ? new Date(row.next_change).getTime() : null,
  };
}
