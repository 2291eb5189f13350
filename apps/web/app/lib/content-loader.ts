// What a public page's loader reads of the site's content documents (issue 23): the published version through
// the load context, the draft through a content preview link (`?preview=<token>`, for that document only), and
// the installation's text when there is no server to ask (the build's prerender). Markdown fields come out as
// sanitized HTML (renderContentMarkdown: the blog's renderer), which the templates write with <Prose>. Loaders
// only: the defaults and the Markdown renderer never reach a page's script.
import { CONTENT_PREVIEW_PARAM, type SiteDocument } from '@agency/contract';
import { CONTENT_DEFAULTS } from '@agency/contract/content/defaults.ts';
import { renderContentMarkdown } from '@agency/contract/markdown';
import type { AppLoadContext } from 'react-router';

interface Args {
  request: Request;
  context?: AppLoadContext;
}

export interface LoadedDocument<T> {
  data: T;
  /** ISO 8601, or null for the installation's text. */
  publishedAt: string | null;
  /** Shown through a preview link: a draft. */
  preview: boolean;
}

/** The document `key` as its page shows it: its Markdown fields rendered to HTML. */
export async function loadDocument<T>(args: Args, key: string): Promise<LoadedDocument<T>> {
  const loaded = await loadSource<T>(args, key);
  return { ...loaded, data: renderContentMarkdown(key, loaded.data) };
}

async function loadSource<T>({ request, context }: Args, key: string): Promise<LoadedDocument<T>> {
  const fallback = { data: CONTENT_DEFAULTS[key] as T, publishedAt: null, preview: false };
  const content = context?.content;
  if (!content) return fallback;
  const token = new URL(request.url).searchParams.get(CONTENT_PREVIEW_PARAM);
  if (token) {
    const preview = await content.preview(token);
    if (preview?.key === key) return { data: preview.data as T, publishedAt: null, preview: true };
  }
  const published = await content.published(key);
  return published ? { data: published.data as T, publishedAt: published.publishedAt, preview: false } : fallback;
}

/** A public page's data: its document, the site document (header, footer, JSON-LD), whether it is a preview. */
export async function loadPage<T>(
  args: Args,
  key: string,
): Promise<{ content: T; site: SiteDocument; preview: boolean }> {
  const [page, site] = await Promise.all([loadDocument<T>(args, key), loadDocument<SiteDocument>(args, 'site')]);
  return { content: page.data, site: site.data, preview: page.preview || site.preview };
}

/** The site document alone, for a page without a document of its own. */
export async function loadSite(args: Args): Promise<{ site: SiteDocument; preview: boolean }> {
  const site = await loadDocument<SiteDocument>(args, 'site');
  return { site: site.data, preview: site.preview };
}
