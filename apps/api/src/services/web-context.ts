// What the web app's server-side loaders may read: published blog posts and the site URL.
import { IMAGE_WIDTHS, uploadedImageId, type PublishedPost, type WebLoadContext } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { findPublishedBlogBySlug, listBlogs } from './blogs.ts';
import { storedImageSize } from './images.ts';
import { renderMarkdown } from './markdown.ts';

export function createWebLoadContext(app: FastifyInstance, config: Pick<Config, 'siteUrl'>): () => WebLoadContext {
  const context: WebLoadContext = {
    siteUrl: config.siteUrl,
    blogs: {
      listPublished: () => listBlogs(app.db),
      findPublishedBySlug: async (slug: string): Promise<PublishedPost | null> => {
        const blog = await findPublishedBlogBySlug(app.db, slug);
        if (!blog) return null;
        const imageId = uploadedImageId(blog.imageUrl);
        const image = imageId ? await storedImageSize(app.storage, imageId, Math.max(...IMAGE_WIDTHS)) : null;
        return { ...blog, html: renderMarkdown(blog.content), image };
      },
    },
  };
  return () => context;
}
