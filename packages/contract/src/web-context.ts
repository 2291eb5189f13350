import type { NativeFormAnswer } from './native-forms.ts';
import type { Blog } from './schemas.ts';

/**
 * What the server hands the web app's loaders (React Router's load context).
 * The API implements it; the web only sees this interface.
 */
export interface WebLoadContext {
  blogs: {
    listPublished(): Promise<Blog[]>;
    findPublishedBySlug(slug: string): Promise<PublishedPost | null>;
  };
  /** Absolute origin of the site, e.g. https://example.com, for canonical URLs. */
  siteUrl: string;
  /** Only when the page answers a form posted without JavaScript: what to show again. */
  form?: NativeFormAnswer;
}

/** A published post as its page needs it: the Markdown content rendered to sanitized HTML. */
export interface PublishedPost extends Blog {
  /** Sanitized HTML of `content`: safe to insert as it is. */
  html: string;
  /** Pixel size of the largest image variant, when the image is one of ours. */
  image: { width: number; height: number } | null;
}
