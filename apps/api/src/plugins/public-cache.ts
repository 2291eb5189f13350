// Public pages and the public blog API answered from memory, per instance, at static-file speed. An entry is
// trusted only while the content version in the database is the one it was made under and no scheduled
// change has come due; the version is read at most every CHECK_MS, so a write through any instance is seen
// by every instance within a second (docs/decisions/0008-public-page-cache.md). Every emptying of the cache
// (a new version or a scheduled change come due) raises a generation; an answer is stored only under the
// generation its request began in, so a render that straddles an emptying is never kept.
//
// A route opts in with `config: { publicCache: true }`. Only anonymous GET/HEAD requests are served or stored
// (no Authorization header, no preview token), only 200 answers are stored, never one its route marked
// `private` or `no-store`, and a stored answer carries `Cache-Control: public` for CDNs.
//
// An entry's key is the path plus only the query parameters its route reads (`publicCacheParams`), so
// `/about?r=<random>` is `/about`: nobody can fill the cache by varying the query. The cache is bounded by bytes
// (every stored form of every entry) as well as by entries, the least recently used going first. When the
// database cannot be read, the entries it holds are served as they are (stale-if-error, decision 0027).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ContentState, readContentState } from '../services/content-version.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous GET answers of this route (or of the paths the function accepts) may be kept in the public cache. */
    publicCache?: boolean | ((pathname: string) => boolean);
    /**
     * The query parameters this route's answer depends on (or a function of the path naming them): with the
     * path they make the cache key; every other parameter is ignored by the cache. None by default.
     */
    publicCacheParams?: readonly string[] | ((pathname: string) => readonly string[]);
    /**
     * A write that never changes public content (a visitor's lead): its answer leaves the content version's last
     * read trusted, so a stream of leads does not read it once per lead.
     */
    keepsPublicContent?: boolean;
  }
}

/** How long a read of the content version is trusted (ms): bounds how stale another instance's write can be. */
const CHECK_MS = 250;
const MAX_ENTRIES = 500;
/** Bytes held by default (PUBLIC_CACHE_MAX_MB): every page of the site many times over. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** Larger answers are served fresh every time rather than kept in memory. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** What a CDN may do with a public page: keep it briefly, serve it a little stale while it asks again. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';
/**
 * Response headers an entry keeps; security headers and the like are added again on every answer, except
 * a page's own Content-Security-Policy: it lists the hashes of that page's inline scripts.
 */
const KEPT_HEADERS = ['content-type', 'content-language', 'link', 'x-robots-tag', 'content-security-policy'];
/** Query parameters and paths that make a request personal (a preview link). */
const PRIVATE_PARAMS = /[?&](?:preview|token)=|\/preview\//i;

interface Entry {
  key: string;
  etag: string;
  headers: Record<string, string>;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  /** What the entry holds: its bodies (each compressed form once made), headers and key. */
  bytes: number;
}

export interface PublicCacheOptions {
  /** Bytes held at most (PUBLIC_CACHE_MAX_MB); the least recently used entries go first. */
  maxBytes?: number;
  /** Entries held at most. */
  maxEntries?: number;
}

const STORE = Symbol('publicCacheStore');
declare module 'fastify' {
  interface FastifyRequest {
    [STORE]?: { key: string; generation: number };
  }
}

/**
 * The cache key of a request: its path, then only the parameters its route reads, in the route's order, empty
 * ones left out. `/blog?utm_source=x&q=cloud&r=1` is `/blog?q=cloud`.
 */
export function cacheKey(request: FastifyRequest): string {
  const [pathname = '/', query = ''] = request.url.split('?', 2) as [string, string?];
  const read = request.routeOptions.config.publicCacheParams;
  const names = typeof read === 'function' ? read(pathname) : (read ?? []);
  if (!names.length || !query) return pathname;
  const params = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of names) for (const value of params.getAll(name)) if (value !== '') kept.append(name, value);
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** Whether this request may be answered from, or stored into, the shared cache. */
function isPublic(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accepts = request.routeOptions.config.publicCache;
  if (!accepts || request.headers.authorization || PRIVATE_PARAMS.test(request.url)) return false;
  return accepts === true || accepts(request.url.split('?')[0] ?? '/');
}

/** The encoding to answer in: brotli, then gzip, when the request accepts it. */
export function preferredEncoding(request: FastifyRequest): 'br' | 'gzip' | 'identity' {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** A stored answer's body in `encoding`, compressed once; `grew` is told the bytes a new form adds. */
function variant(entry: Entry, encoding: 'br' | 'gzip' | 'identity', grew?: (bytes: number) => void): Buffer {
  if (encoding === 'br') {
    if (!entry.br) {
      entry.br = brotliCompressSync(entry.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      grew?.(entry.br.length);
    }
    return entry.br;
  }
  if (encoding === 'gzip') {
    if (!entry.gzip) {
      entry.gzip = gzipSync(entry.identity, { level: 6 });
      grew?.(entry.gzip.length);
    }
    return entry.gzip;
  }
  return entry.identity;
}

/** Whether the request's If-None-Match names `etag` (or `*`): the answer is then 304. */
export const matchesEtag = (request: FastifyRequest, etag: string) =>
  String(request.headers['if-none-match'] ?? '')
    .split(',')
    .some((tag) => tag.trim() === etag || tag.trim() === '*');

export interface PublicCache {
  /** Entries held now (tests and diagnostics). */
  size(): number;
  /** Bytes held now: every stored body, compressed forms included (tests and diagnostics). */
  bytes(): number;
  /** The bound on bytes held. */
  maxBytes: number;
  /**
   * The address a stored answer is rendered for (its cache key), or null when this request's answer is not
   * stored: a page is rendered for the key, so what is kept holds none of the parameters the key leaves out.
   */
  storedAs(request: FastifyRequest): string | null;
  /** Whether this request's answer will be stored: its handler should then send a Buffer, not a stream. */
  willStore(request: FastifyRequest): boolean;
  /**
   * The cache's generation after bringing it up to date (at most one read of the content version per CHECK_MS):
   * what else keeps public content in memory (the site content store) reloads when it changes.
   */
  generation(): Promise<number>;
  /** This request's answer is not kept (a prerendered page, already in memory as a file). */
  skip(request: FastifyRequest): void;
  /** Public requests answered from the cache, and those rendered (GET /metrics reads them). */
  counts(): { hits: number; misses: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

export default fp<PublicCacheOptions>(async function publicCache(app: FastifyInstance, options) {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  let heldBytes = 0;
  let state: ContentState | null = null;
  let checkedAt = 0;
  let pending: Promise<ContentState> | null = null;
  /**
   * Raised on every emptying. A scheduled change coming due empties the cache without changing the version,
   * so the version alone cannot tell an answer rendered before the due time from one rendered after.
   */
  let generation = 0;
  let hits = 0;
  let misses = 0;

  /**
   * Brings the cache up to date: the content state is read from the database at most every CHECK_MS, or at
   * once when a scheduled change is due; a new version or a due change empties the cache. Answers the
   * generation the cache is now in.
   */
  async function currentGeneration(): Promise<number> {
    const now = Date.now();
    const due = state?.nextChangeAt != null && now >= state.nextChangeAt;
    if (state && !due && now - checkedAt < CHECK_MS) return generation;
    pending ??= readContentState(app.db, new Date(now)).finally(() => {
      pending = null;
    });
    const next = await pending;
    if (!state || next.version !== state.version || due) {
      entries.clear();
      heldBytes = 0;
      generation += 1;
    }
    state = next;
    checkedAt = Date.now();
    return generation;
  }

  /** Drops the least recently used entries until the cache is within both bounds. */
  function trim() {
    for (const [key, entry] of entries) {
      if (heldBytes <= maxBytes && entries.size <= maxEntries) break;
      entries.delete(key);
      heldBytes -= entry.bytes;
    }
  }

  /** Counts a compressed form made for an entry that is still held. */
  const grewBy = (entry: Entry) => (bytes: number) => {
    entry.bytes += bytes;
    if (entries.get(entry.key) === entry) {
      heldBytes += bytes;
      trim();
    }
  };

  function send(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
    void reply.headers(entry.headers);
    void reply.header('etag', entry.etag);
    void reply.header('cache-control', PUBLIC_CACHE_CONTROL);
    void reply.header('vary', 'accept-encoding');
    if (matchesEtag(request, entry.etag)) return reply.code(304).send();
    const encoding = preferredEncoding(request);
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply.code(200).send(variant(entry, encoding, grewBy(entry)));
  }

  app.decorate('publicCache', {
    size: () => entries.size,
    bytes: () => heldBytes,
    maxBytes,
    storedAs: (request) => request[STORE]?.key ?? null,
    willStore: (request) => request[STORE] !== undefined,
    generation: () => currentGeneration(),
    skip: (request) => {
      request[STORE] = undefined;
    },
    counts: () => ({ hits, misses }),
  } satisfies PublicCache);

  app.addHook('onRequest', async (request, reply) => {
    if (!isPublic(request)) return;
    const key = cacheKey(request);
    let current: number;
    try {
      current = await currentGeneration();
    } catch (error) {
      // The database is down: the last good answer is served as it is (stale-if-error); without one the route
      // answers, and reports the failure in its own words. Nothing is stored until the version can be read.
      const stale = entries.get(key);
      if (stale) {
        hits += 1;
        return send(request, reply, stale);
      }
      request.log.warn({ err: error }, 'content version unavailable; page cache bypassed');
      return;
    }
    const entry = entries.get(key);
    if (entry) {
      // Most recently used last, so the oldest is evicted first.
      entries.delete(key);
      entries.set(key, entry);
      hits += 1;
      return send(request, reply, entry);
    }
    misses += 1;
    request[STORE] = { key, generation: current };
  });

  // A write through this instance is seen by its next request at once, not after CHECK_MS.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (!request.routeOptions.config.keepsPublicContent) checkedAt = 0;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const store = request[STORE];
    if (!store || reply.statusCode !== 200 || reply.getHeader('content-encoding')) return payload;
    // A route that marks its answer personal (a preview link, an editor's view) keeps it out of every cache.
    if (/private|no-store/.test(String(reply.getHeader('cache-control') ?? ''))) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const identity = Buffer.from(payload);
    if (identity.length > MAX_BODY_BYTES) return payload;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const entry: Entry = {
      key: store.key,
      etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"`,
      headers,
      identity,
      bytes: identity.length + store.key.length + JSON.stringify(headers).length,
    };
    // The cache was emptied since this request began (a write, or a scheduled change came due): its data may
    // predate that change; not kept. An answer larger than the whole bound is not kept either.
    if (generation === store.generation && entry.bytes * 4 <= maxBytes) {
      const previous = entries.get(store.key);
      if (previous) {
        entries.delete(store.key);
        heldBytes -= previous.bytes;
      }
      entries.set(store.key, entry);
      heldBytes += entry.bytes;
      trim();
    }
    void reply.header('etag', entry.etag);
    void reply.header('cache-control', PUBLIC_CACHE_CONTROL);
    void reply.header('vary', 'accept-encoding');
    if (matchesEtag(request, entry.etag)) {
      void reply.code(304);
      return '';
    }
    const encoding = preferredEncoding(request);
    if (encoding === 'identity') return payload;
    void reply.header('content-encoding', encoding);
    void reply.removeHeader('content-length');
    return variant(entry, encoding, grewBy(entry));
  });
});
