// What the web app's server-side loaders may read: published blog posts and the site URL.
import type { WebLoadContext } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export function createWebLoadContext(app: FastifyInstance, config: Config): () => WebLoadContext {
  void app;
  const context: WebLoadContext = {
    siteUrl: config.siteUrl,
    blogs: {
      // Filled by the blog service (accounts and blog issue).
      listPublished: async () => [],
      findPublishedBySlug: async () => null,
    },
  };
  return () => context;
}
