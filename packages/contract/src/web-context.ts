import type { ApiError } from './errors.ts';
import type { Job } from './jobs.ts';
import type { Blog, User } from './schemas.ts';

/**
 * What the server hands the web app's loaders (React Router's load context).
 * The API implements it; the web only sees this interface.
 */
export interface WebLoadContext {
  blogs: {
    /** What the public sees now (the one visibility rule), optionally one tag's or a search's posts. */
    listPublished(query?: { tag?: string; q?: string }): Promise<Blog[]>;
    /**
     * The ids of the given texts (the built-in articles, which are not in the database) that match the search
     * `q`, best first, by the same full-text search and ranking as the posts.
     */
    rankArticles(q: string, articles: readonly { id: string; title: string; text: string }[]): Promise<string[]>;
    findPublishedBySlug(slug: string): Promise<PublishedPost | null>;
    /** The current slug of a visible post that used to have `slug`, for a 301; else null. */
    findRedirect(slug: string): Promise<string | null>;
    /**
     * The post a valid, unexpired preview token grants, whatever its status, as its autosaved draft shows it
     * (`draftSavedAt` says when that draft was saved; null: the saved post); else null.
     */
    findPreview(token: string): Promise<(PublishedPost & { draftSavedAt: string | null }) | null>;
  };
  jobs: {
    /** Open openings whose `validThrough` is still ahead. */
    listOpen(): Promise<Job[]>;
    /** An opening by slug, open or not (its page answers 410 when it is not). */
    findBySlug(slug: string): Promise<Job | null>;
  };
  /** The site's content documents (packages/contract/src/site-content.ts). */
  content: {
    /** What the public sees of a document now; null for an unknown key. */
    published(key: string): Promise<PublishedContent | null>;
    /** The draft a valid, unexpired content preview token shows, with its document's key; else null. */
    preview(token: string): Promise<{ key: string; data: Record<string, unknown> } | null>;
  };
  /** Absolute origin of the site, e.g. https://example.com, for canonical URLs. */
  siteUrl: string;
  /** Only when the page answers a form posted without JavaScript: what to show again. */
  form?: NativeFormAnswer;
  /**
   * The nonce of this response's Content-Security-Policy (a server-rendered page): the server's own inline scripts
   * carry it, so no other inline script (one a post's content might smuggle in) runs. Absent when prerendering.
   */
  nonce?: string;
}

/** A post as its page needs it: the Markdown content rendered to sanitized HTML. */
export interface PublishedPost extends Blog {
  /** Sanitized HTML of `content`: safe to insert as it is. */
  html: string;
  /** Pixel size of the largest image variant, when the image is one of ours. */
  image: { width: number; height: number } | null;
}

/** A content document as the public sees it. */
export interface PublishedContent {
  data: Record<string, unknown>;
  /** ISO 8601: when this version went public (the sitemap's lastmod). */
  publishedAt: string;
  /** False while it is still the installation's text. */
  edited: boolean;
}

/**
 * A page rendered as the answer to a native post (React Router's load context `form`): what was typed,
 * to show again — never a password or a file — and the refusal, or after a login the new session.
 */
export interface NativeFormAnswer {
  values: Record<string, string>;
  error?: ApiError;
  /** Signed in: the account; the refresh token is in the session cookie, never in the page (SESSION_COOKIE). */
  session?: { user: User };
}
