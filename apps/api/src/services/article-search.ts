// The blog search over texts the database does not hold (the built-in articles, whose text lives in the web's
// content module): the same PostgreSQL full-text search and ranking as the posts' `search` column (title
// weight A, text weight B, migration 0005), run on a VALUES list, so PGlite and a server answer alike.
import { type Db, sql } from '@agency/db';

export interface SearchableText {
  id: string;
  title: string;
  text: string;
}

/** The ids of the documents that match `q` (web search syntax), best match first; ties keep the given order. */
export async function rankTexts(db: Db, q: string, documents: readonly SearchableText[]): Promise<string[]> {
  if (!q.trim() || documents.length === 0) return [];
  const rows = sql.join(
    documents.map((doc, index) => sql`(${index}::int, ${doc.id}::text, ${doc.title}::text, ${doc.text}::text)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with docs(ord, id, search) as (
      select ord, id, setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', text), 'B')
      from (values ${rows}) as d(ord, id, title, text)
    )
    select id from docs, websearch_to_tsquery('english', ${q}) as query
    where search @@ query
    order by ts_rank(search, query) desc, ord
  `)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}
