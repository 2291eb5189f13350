// The problems the content editor names before a save or publish (issue 31, item 3): what the document's schema
// refuses in the text on screen, each by its field's label, merged with the server's publish checks.
import { type ContentCheck, type ContentDocumentEntry, fieldLabel } from '@agency/contract';

/** What the document's schema refuses in `data` now, each named by its field's label (before any save). */
export function schemaProblems(entry: ContentDocumentEntry, data: unknown): ContentCheck[] {
  const result = entry.schema.safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const field = issue.path.join('.');
    return { field, label: fieldLabel(entry.schema, data, field), message: issue.message };
  });
}

/** One list of problems: `first`, then each of `more` not already in it. */
export function mergeChecks(first: ContentCheck[], more: ContentCheck[]): ContentCheck[] {
  const seen = new Set(first.map((check) => `${check.field}\n${check.message}`));
  return [...first, ...more.filter((check) => !seen.has(`${check.field}\n${check.message}`))];
}

/** The server's field names (`data.plans.2.price`) as the form's paths (`plans.2.price`). */
export const formErrors = (fields: Record<string, string> | undefined) =>
  Object.fromEntries(Object.entries(fields ?? {}).map(([field, message]) => [field.replace(/^data\.?/, ''), message]));
