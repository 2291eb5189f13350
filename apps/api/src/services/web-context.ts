// What the web app's server-side loaders may read: visible blog posts, previews, job openings, the site URL.
// Every piece of visitor text a page passes in (a slug from the address, a search, a tag, a preview token)
// goes through one guard first: text the API would refuse (NUL, broken UTF-16, longer than a path segment)
// names nothing, so the page answers 404 or "no posts" instead of the database failing with a 500.
import {
  IMAGE_WIDTHS,
  LENGTH,
  isCleanText,
  normalizeTag,
  uploadedImageId,
  type Blog,
  type PublishedPost,
  type WebLoadContext,
} from '@agency/contract';
import type { Db } from '@agency/db';
import type { Config } from '../config.ts';
import { rankTexts } from './article-search.ts';
import { findBlog, findBlogRedirect, findVisibleBlogBySlug, listBlogs, withDraftShown } from './blogs.ts';
import { findJob, listJobs } from './jobs.ts';
import { storedImageSize } from './images.ts';
import { renderMarkdown } from './markdown.ts';
import { readContentPreviewToken, readPreviewToken } from './preview.ts';
import { findContent, type PublicDocument } from './site-content.ts';
import type { Storage } from './storage.ts';

/** True when every value is text the API accepts as a lookup key (the API's own check, `isCleanText`). */
export const isLookupText = (...values: (string | undefined)[]): boolean =>
  values.every((value) => value === undefined || (value.length <= LENGTH.pathSegment && isCleanText(value)));

export function createWebLoadContext(
  app: { db: Db; storage: Storage; siteContent: { current(): Promise<Map<string, PublicDocument>> } },
  config: Pick<Config, 'siteUrl' | 'jwtSecret'>,
): () => WebLoadContext {
  const forPage = async (blog: Blog): Promise<PublishedPost> => {
    const imageId = uploadedImageId(blog.imageUrl);
    const image = imageId ? await storedImageSize(app.storage, imageId, Math.max(...IMAGE_WIDTHS)) : null;
    return { ...blog, html: renderMarkdown(blog.content), image };
  };
  const context: WebLoadContext = {
    siteUrl: config.siteUrl,
    blogs: {
      listPublished: async ({ tag, q } = {}) =>
        isLookupText(tag, q) ? listBlogs(app.db, { tag: tag ? normalizeTag(tag) : undefined, q }) : [],
      rankArticles: async (q, articles) => (isLookupText(q) ? rankTexts(app.db, q, articles) : []),
      findPublishedBySlug: async (slug) => {
        const blog = isLookupText(slug) ? await findVisibleBlogBySlug(app.db, slug) : null;
        return blog ? forPage(blog) : null;
      },
      findRedirect: async (slug) => (isLookupText(slug) ? findBlogRedirect(app.db, slug) : null),
      findPreview: async (token) => {
        const id = isLookupText(token) ? readPreviewToken(config.jwtSecret, token) : null;
        // The post as its autosaved draft shows it, when it has one (read with the draft, never cached).
        const blog = id ? await findBlog(app.db, id, new Date(), true) : null;
        if (!blog) return null;
        const shown = withDraftShown(blog);
        return { ...(await forPage(shown)), draftSavedAt: shown.draftSavedAt };
      },
    },
    content: {
      published: async (key) => {
        const document = isLookupText(key) ? (await app.siteContent.current()).get(key) : undefined;
        return document
          ? { data: document.data, publishedAt: document.publishedAt.toISOString(), edited: document.edited }
          : null;
      },
      preview: async (token) => {
        const key = isLookupText(token) ? readContentPreviewToken(config.jwtSecret, token) : null;
        const row = key ? await findContent(app.db, key) : null;
        return row ? { key: row.key, data: row.draft ?? row.scheduled ?? row.published } : null;
      },
    },
    jobs: {
      listOpen: () => listJobs(app.db),
      findBySlug: async (slug) => (isLookupText(slug) ? findJob(app.db, slug) : null),
    },
  };
  return () => context;
}
