// Business constants and limits (docs/product.md section 9), written once.

const MB = 1024 * 1024;

export const TOAST = {
  maxVisible: 3,
  autoHideMs: 5000,
  enterMs: 225,
  exitMs: 195,
} as const;

export const COOKIE_BANNER_DELAY_MS = 1000;
export const PRIVACY_HIGHLIGHT_MS = 500;

export const TRUNCATE = {
  homeCard: 70,
  blogCardTitle: 62,
  blogCardContent: 130,
  adminCardTitle: 44,
  adminCardContent: 70,
} as const;

export const TEXTAREA_ROWS = 4;

export const CV_MAX_BYTES = 5 * MB;
export const CV_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const QUOTE_FILE_MAX_BYTES = 10 * MB;
export const IMAGE_MAX_BYTES = 10 * MB;
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
/** Pixels an uploaded image may have (larger ones are refused before decoding: decompression bombs). */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Longest side of a stored WebP variant: the format's own limit. */
export const IMAGE_MAX_SIDE = 16_383;

export const TIMINGS = {
  jobWaitMs: 1000,
  nepalExtraWaitMs: 2000,
} as const;

/**
 * A public form answered 503 with Retry-After (the site's writes off for a move, or its database away) sends
 * again after that many seconds, within these bounds, while the visitor sees MESSAGES.http.stillSending; after
 * `giveUpMs` (a challenge's lifetime, CHALLENGE_TTL_SECONDS) it shows the server's answer, the form as typed.
 */
export const STILL_SENDING = {
  minDelayMs: 1000,
  maxDelayMs: 30_000,
  giveUpMs: 10 * 60_000,
} as const;

/** Text field lengths the server accepts. */
export const LENGTH = {
  name: 120,
  email: 254,
  phone: 40,
  short: 200,
  long: 5000,
  blogTitle: 200,
  blogContent: 100_000,
  password: { min: 8, max: 1024 },
  /** A refresh token as issued is 43 characters; anything much longer cannot be one. */
  token: 200,
  /** One path segment (a slug, a file name): slugs are at most 80 characters. */
  pathSegment: 200,
  /** The inbox search text (`?q=`). */
  search: 200,
  /** A link to a post's image. */
  url: 2000,
  /** Highest page number of a list (far beyond any real inbox). */
  page: 100_000,
} as const;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
