// A page document's "Search and sharing" fields as the form shows them (issue 23): filled with the title and
// description the page shows today when the document leaves them empty, so an editor sees what they change.
// Those texts are the page list's (apps/web/app/content/pages.ts), the very entries the pages' meta reads
// (lib/seo.ts: documentSeo, and service-landing's meta) when `seo` is empty: one source, never copied into the
// document. What the form sends is stripped of them again, so a document keeps only the texts an editor wrote,
// and an unedited page keeps following the page list.
import { contentDocument } from '@agency/contract';
import { pageByPath } from '~/content/pages';
import { isRecord, shapeOf } from './schema-walk';

export interface SeoTexts {
  title: string;
  description: string;
}

/** The title and description the document's page shows when its `seo` is empty; null: it has no `seo` part. */
export function seoDefaults(key: string): SeoTexts | null {
  const entry = contentDocument(key);
  if (!entry || !('seo' in shapeOf(entry.schema))) return null;
  const page = entry.paths[0] ? pageByPath(entry.paths[0]) : undefined;
  return page ? { title: page.title, description: page.description } : null;
}

/** The page's texts by field path, shown in an emptied search field (empty follows the page). */
export function seoPlaceholders(key: string): Record<string, string> {
  const defaults = seoDefaults(key);
  return defaults ? { 'seo.title': defaults.title, 'seo.description': defaults.description } : {};
}

/** The document as the form opens it: empty search texts show the page's current ones. */
export function withSeoDefaults(key: string, data: unknown): unknown {
  const defaults = seoDefaults(key);
  if (!defaults || !isRecord(data)) return data;
  const seo = isRecord(data.seo) ? data.seo : {};
  const own = (field: keyof SeoTexts) => (typeof seo[field] === 'string' && seo[field] ? seo[field] : undefined);
  return {
    ...data,
    seo: { ...seo, title: own('title') ?? defaults.title, description: own('description') ?? defaults.description },
  };
}

/** The document as the form saves it: a search text that is the page's current one is left out (it follows it). */
export function withoutSeoDefaults(key: string, data: unknown): unknown {
  const defaults = seoDefaults(key);
  if (!defaults || !isRecord(data) || !isRecord(data.seo)) return data;
  const seo = { ...data.seo };
  for (const field of ['title', 'description'] as const)
    if (!seo[field] || seo[field] === defaults[field]) delete seo[field];
  const { seo: _seo, ...rest } = data;
  return Object.keys(seo).length > 0 ? { ...data, seo } : rest;
}
