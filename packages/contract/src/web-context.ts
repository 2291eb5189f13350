import type { Blog } from './schemas.ts';

/**
 * What the server hands the web app's loaders (React Router's load context).
 * The API implements it; the web only sees this interface.
 */
export interface WebLoadContext {
  blogs: {
    listPublished(): Promise<Blog[]>;
    findPublishedBySlug(slug: string): Promise<Blog | null>;
  };
  /** Absolute origin of the site, e.g. https://example.com, for canonical URLs. */
  siteUrl: string;
}
