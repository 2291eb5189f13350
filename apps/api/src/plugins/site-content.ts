// The published content documents in memory, per instance: a document registered after migration 0012 (which
// wrote today's texts) is seeded on start, reloaded whenever the public cache empties (a publish through any
// instance, or a scheduled version coming due), so every instance renders a published change within a second
// (docs/decisions/0008-public-page-cache.md, 0021-edited-pages-from-memory.md).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicDocuments, seedContent, type PublicDocument } from '../services/site-content.ts';

export interface SiteContentStore {
  /** What the public sees of every document now. */
  current(): Promise<Map<string, PublicDocument>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    siteContent: SiteContentStore;
  }
}

export default fp(async function siteContent(app: FastifyInstance) {
  const added = await seedContent(app.db);
  if (added) app.log.info({ added }, 'content documents filled with their defaults');
  let documents: Map<string, PublicDocument> | null = null;
  let loadedIn = -1;
  let pending: Promise<Map<string, PublicDocument>> | null = null;

  async function current() {
    let generation: number;
    try {
      generation = await app.publicCache.generation();
    } catch (error) {
      // The database is away: the documents last read are what the public saw last (stale-if-error).
      if (documents) return documents;
      throw error;
    }
    if (documents && loadedIn === generation) return documents;
    pending ??= publicDocuments(app.db, new Date())
      .then((loaded) => {
        documents = loaded;
        loadedIn = generation;
        return loaded;
      })
      // Read again once the database is back; meanwhile the documents last read.
      .catch((error: unknown) => {
        if (documents) return documents;
        throw error;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  app.decorate('siteContent', { current } satisfies SiteContentStore);
});
