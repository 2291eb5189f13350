// A statement whose text depends only on a few choices (its shape) and whose values change every time: the
// text is rendered once per shape and then only the parameters are filled in (the lead's statement, issue 14).
import { fillPlaceholders, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** Shapes kept per statement; a shape is a handful of flags, so this is never reached in practice. */
const MAX_SHAPES = 256;
const dialect = new PgDialect();

type Leaf = string | number | boolean | null | undefined | Date;
/** The values of a statement: leaves in plain objects and arrays. */
export type StatementValues = { [key: string]: Leaf | StatementValues | StatementValues[] | Leaf[] };

const isLeaf = (value: unknown): value is Leaf => value === null || typeof value !== 'object' || value instanceof Date;

/** `values` with every leaf replaced by a placeholder named after its path ("rows.0.to"). */
function placeholdersOf<V>(values: V, path = ''): V {
  if (isLeaf(values)) return sql.placeholder(path) as V;
  const entries = Object.entries(values as object).map(([key, value]) => [
    key,
    placeholdersOf(value, path ? `${path}.${key}` : key),
  ]);
  return (Array.isArray(values) ? entries.map(([, value]) => value) : Object.fromEntries(entries)) as V;
}

/** Every leaf of `values` under its path, as placeholders are filled. */
function flatten(values: unknown, path = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  if (isLeaf(values)) into[path] = values;
  else for (const [key, value] of Object.entries(values)) flatten(value, path ? `${path}.${key}` : key, into);
  return into;
}

export interface ShapedStatement<S, V extends StatementValues> {
  /** The statement as drizzle SQL with `values` in it, built afresh (for a driver that wants SQL). */
  sql(shape: S, values: V): SQL;
  /** The statement's text, rendered once for `shape`, with `values` as its parameters (`Database.run`). */
  query(shape: S, values: V): Query;
}

/**
 * `build(shape, values)` must decide the statement's structure from `shape` alone (a plain, JSON-able object)
 * and only interpolate `values` (with `${…}` or `sql.param(…, column)`): once per shape it is given placeholders
 * in their place, so a value written into the text directly would stay the first call's. Constants may be.
 * Values given to `sql.param` with a column go through the column's encoder as usual.
 */
export function shapedStatement<S, V extends StatementValues>(
  build: (shape: S, values: V) => SQL,
): ShapedStatement<S, V> {
  const rendered = new Map<string, Query>();
  return {
    sql: build,
    query(shape, values) {
      const key = JSON.stringify(shape);
      let query = rendered.get(key);
      if (!query) {
        if (rendered.size >= MAX_SHAPES) rendered.clear();
        query = dialect.sqlToQuery(build(shape, placeholdersOf(values)));
        rendered.set(key, query);
      }
      return { sql: query.sql, params: fillPlaceholders(query.params, flatten(values)) };
    },
  };
}
