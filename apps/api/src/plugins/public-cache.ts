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
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ContentState, readContentState } from '../services/content-version.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous GET answers of this route (or of the paths the function accepts) may be kept in the public cache. */
    publicCache?: boolean | ((pathname: string) => boolean);
  }
}

/** How long a read of the content version is trusted (ms): bounds how stale another instance's write can be. */
const CHECK_MS = 250;
const MAX_ENTRIES = 500;
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
  etag: string;
  headers: Record<string, string>;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

const STORE = Symbol('publicCacheStore');
declare module 'fastify' {
  interface FastifyRequest {
    [STORE]?: { key: string; generation: number };
  }
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

function variant(entry: Entry, encoding: 'br' | 'gzip' | 'identity'): Buffer {
  if (encoding === 'br') {
    entry.br ??= brotliCompressSync(entry.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    return entry.br;
  }
  if (encoding === 'gzip') {
    entry.gzip ??= gzipSync(entry.identity, { level: 6 });
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

export default fp(async function publicCache(app: FastifyInstance) {
  const entries = new Map<string, Entry>();
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
    pending ??= readContentState(app.db).finally(() => {
      pending = null;
    });
    const next = await pending;
    if (!state || next.version !== state.version || due) {
      entries.clear();
      generation += 1;
    }
    state = next;
    checkedAt = Date.now();
    return generation;
  }

  function send(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
    void reply.headers(entry.headers);
    void reply.header('etag', entry.etag);
    void reply.header('cache-control', PUBLIC_CACHE_CONTROL);
    void reply.header('vary', 'accept-encoding');
    if (matchesEtag(request, entry.etag)) return reply.code(304).send();
    const encoding = preferredEncoding(request);
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply.code(200).send(variant(entry, encoding));
  }

  app.decorate('publicCache', {
    size: () => entries.size,
    willStore: (request) => request[STORE] !== undefined,
    generation: () => currentGeneration(),
    skip: (request) => {
      request[STORE] = undefined;
    },
    counts: () => ({ hits, misses }),
  } satisfies PublicCache);

  app.addHook('onRequest', async (request, reply) => {
    if (!isPublic(request)) return;
    let current: number;
    try {
      current = await currentGeneration();
    } catch (error) {
      // The database is down: answer without the cache; the route reports the failure in its own words.
      request.log.warn({ err: error }, 'content version unavailable; page cache bypassed');
      return;
    }
    const key = request.url;
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
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) checkedAt = 0;
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
      etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"`,
      headers,
      identity,
    };
    // The cache was emptied since this request began (a write, or a scheduled change came due): its data may
    // predate that change; not kept.
    if (generation === store.generation) {
      entries.set(store.key, entry);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
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
    return variant(entry, encoding);
  });
});
