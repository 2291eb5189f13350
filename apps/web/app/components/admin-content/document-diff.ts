// Field-by-field comparison of two versions of a content document (issue 31): the revisions compared with the
// published version, and a colleague's change shown after a 409 with a choice per field. A field is a leaf of
// the document by its dot path (`plans.0.price`); a list's items compare by position.

type Json = Record<string, unknown>;

/** Every leaf of `value` (text, number, true/false, empty list or object) by its dot path. */
export function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const walk = (item: unknown, path: string) => {
    if (Array.isArray(item) && item.length) item.forEach((each, i) => walk(each, path ? `${path}.${i}` : String(i)));
    else if (item && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length)
      for (const [key, each] of Object.entries(item)) walk(each, path ? `${path}.${key}` : key);
    else found.set(path, item);
  };
  walk(value, prefix);
  return found;
}

/** The paths whose value differs between `a` and `b` (there in one only included), in document order. */
export function changedFields(a: unknown, b: unknown): string[] {
  const before = leaves(a);
  const after = leaves(b);
  const paths = [...new Set([...before.keys(), ...after.keys()])];
  return paths.filter((path) => JSON.stringify(before.get(path)) !== JSON.stringify(after.get(path)));
}

/** A copy of `document` with the leaf at `path` set to `value` (undefined: removed). */
export function withField(document: unknown, path: string, value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(document ?? {})) as Json;
  const parts = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const [i, part] of parts.slice(0, -1).entries()) {
    const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
    if (!node[part] || typeof node[part] !== 'object') node[part] = nextIsIndex ? [] : {};
    node = node[part] as Record<string, unknown>;
  }
  const last = parts.at(-1)!;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** A leaf shown to a person: text as it is, nothing as "(empty)". */
export const shownValue = (value: unknown): string =>
  value === undefined || value === null || value === ''
    ? '(empty)'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/**
 * Three versions merged field by field: `theirs` (what the colleague saved) with each field in `mine` taken
 * from mine — every field I changed since `base` that they did not, and the fields they both changed that
 * `keepMine` lists.
 */
export function mergeFields(base: unknown, mine: unknown, theirs: unknown, keepMine: Set<string>): unknown {
  const theirChanges = new Set(changedFields(base, theirs));
  const mineLeaves = leaves(mine);
  let merged = theirs;
  // Removals of trailing list items come last, from the end, so indices stay right.
  for (const path of changedFields(base, mine).reverse()) {
    if (theirChanges.has(path) && !keepMine.has(path)) continue;
    merged = withField(merged, path, mineLeaves.get(path));
  }
  for (const path of keepMine) if (!theirChanges.has(path)) merged = withField(merged, path, mineLeaves.get(path));
  return merged;
}
