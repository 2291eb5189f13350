// The blog's addresses, limits and messages (issue 12). No zod here: every page may import it.
import { BUILT_IN_ARTICLES } from './built-in-articles.ts';

/** The built-in articles' slugs (/blog/aws…): database posts never take them. */
export const BUILT_IN_BLOG_SLUGS = BUILT_IN_ARTICLES.map((article) => article.slug);

/** Paths under /blog that are not posts: a post never takes them either. */
export const RESERVED_BLOG_SLUGS = ['rss.xml', 'rss', 'feed', 'preview', 'tag', 'tags', 'search', 'page'] as const;

/**
 * The query parameters the blog's list page reads (search, tag, page of results): with its path, they make the
 * public cache's key; any other parameter (UTM, a click id, a random one) is left out of it.
 */
export const BLOG_LIST_QUERY_PARAMS = ['q', 'tag', 'page'] as const;

/** Where the public reads a post. */
export const blogPostPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
/** The blog list filtered by one tag. */
export const blogTagPath = (tag: string) => `/blog?tag=${encodeURIComponent(tag)}`;
/** A draft or scheduled post as the public will see it; the token is the permission. */
export const blogPreviewPath = (token: string) => `/blog/preview/${encodeURIComponent(token)}`;

export const BLOG_TAGS_MAX = 5;
export const BLOG_TAG_LENGTH = 32;
export const BLOG_IMAGE_ALT_LENGTH = 300;
/** A post's address: lowercase letters and digits in words joined by hyphens, at most this long. */
export const BLOG_SLUG_LENGTH = 80;
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A hand-written excerpt (the list cards and the meta description). */
export const BLOG_EXCERPT_LENGTH = 300;
/** The search result's title and description (longer ones are cut off by search engines). */
export const BLOG_SEO_TITLE_LENGTH = 70;
export const BLOG_SEO_DESCRIPTION_LENGTH = 160;
/** How long a preview link works. */
export const BLOG_PREVIEW_TTL_SECONDS = 60 * 60;

export const BLOG_MESSAGES = {
  tooManyTags: `A post has at most ${BLOG_TAGS_MAX} tags`,
  tagFormat: 'A tag is made of letters, digits, spaces and hyphens',
  imageAltRequired: 'Describe the image for people who cannot see it',
  imageUrlInvalid: 'Image must be the address of an uploaded image (a path on this site, or http or https)',
  publishedAtRequired: 'A scheduled post needs a publication date and time',
  publishedAtInvalid: 'The publication time must be a date and time',
  revisionNotFound: 'This revision does not exist',
  previewExpired: 'This preview link has expired or is not valid',
  slugFormat: `The address is made of lowercase letters, digits and single hyphens (at most ${BLOG_SLUG_LENGTH} characters)`,
  slugTaken: 'This address is taken by another post (now or before) or reserved by the blog',
  socialImageAltRequired: 'Describe the social image for people who cannot see it',
  draftEmpty: 'Type a title or some content first: an empty post is not kept',
  stale: (who: string, when: string) =>
    `This post was changed by ${who} at ${when} since you opened it. Reload it to see their change before saving yours.`,
} as const;

/** An image address a page may show: a path on this site (an upload's `secure_url`) or an http(s) URL. */
export const isImageAddress = (value: string) => /^(?:\/(?!\/)|https?:\/\/)/i.test(value);

/** "  Cloud   Security " → "cloud security": tags compare and link in lower case. */
export const normalizeTag = (tag: string) => tag.trim().replace(/\s+/g, ' ').toLowerCase();
