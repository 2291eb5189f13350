// What the web app's server-side loaders may read: visible blog posts, previews, job openings, the site URL.
import {
  IMAGE_WIDTHS,
  normalizeTag,
  uploadedImageId,
  type Blog,
  type PublishedPost,
  type WebLoadContext,
} from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { rankTexts } from './article-search.ts';
import { findBlog, findBlogRedirect, findVisibleBlogBySlug, listBlogs } from './blogs.ts';
import { findJob, listJobs } from './jobs.ts';
import { storedImageSize } from './images.ts';
import { renderMarkdown } from './markdown.ts';
import { readPreviewToken } from './preview.ts';

export function createWebLoadContext(
  app: FastifyInstance,
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
      listPublished: ({ tag, q } = {}) => listBlogs(app.db, { tag: tag ? normalizeTag(tag) : undefined, q }),
      rankArticles: (q, articles) => rankTexts(app.db, q, articles),
      findPublishedBySlug: async (slug) => {
        const blog = await findVisibleBlogBySlug(app.db, slug);
        return blog ? forPage(blog) : null;
      },
      findRedirect: (slug) => findBlogRedirect(app.db, slug),
      findPreview: async (token) => {
        const id = readPreviewToken(config.jwtSecret, token);
        const blog = id ? await findBlog(app.db, id) : null;
        return blog ? forPage(blog) : null;
      },
    },
    jobs: {
      listOpen: () => listJobs(app.db),
      findBySlug: (slug) => findJob(app.db, slug),
    },
  };
  return () => context;
}
