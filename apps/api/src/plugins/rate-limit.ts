// Per-client limit on public POSTs (an IPv4 address or an IPv6 /64), counted in the database so every instance shares it.
import { createHash } from 'node:crypto';
import { MESSAGES } from '@agency/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { TooMany } from '../lib/domain-errors.ts';
import { clientKey } from '../services/client-address.ts';
import { hitRateLimit, pruneRateLimits, type RateLimitHit, type RateLimitResult } from '../services/rate-limit.ts';

/** Route options of a limit counted in the route's own statement (`rateLimitInStatement`). */
export interface InStatementRateLimit {
  onRequest: onRequestAsyncHookHandler;
  onSend: onSendAsyncHookHandler;
  errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => Promise<never>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: at most `max` requests per `windowSeconds` per client (IPv4 address, IPv6 /64) for `name`. */
    rateLimit(name: string): onRequestAsyncHookHandler;
    /**
     * The same limit, for a route whose work is one statement: a JSON request's hit is left to that statement
     * (`takeRateLimitHit`, then `settleRateLimit`), so the count costs no round trip of its own; a request
     * refused before it is counted by the route's error handler, and other bodies (uploads) up front as usual.
     */
    rateLimitInStatement(name: string): InStatementRateLimit;
    /** The hit left for this request's statement, now the caller's to count; null when there is none. */
    takeRateLimitHit(request: FastifyRequest): RateLimitHit | null;
    /** What the caller's statement counted: the answer's headers, and 429 over the limit. */
    settleRateLimit(request: FastifyRequest, hit: RateLimitHit, result: RateLimitResult): void;
  }
}

export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
}

/**
 * The client as a counter key: an IPv4 address, or an IPv6 address's /64 (services/client-address.ts: one machine's
 * block of addresses counts once); as it is when it looks like one, else hashed, so a misconfigured proxy passing
 * client text through cannot make the key (a primary key) grow without bound.
 */
const addressKey = (ip: string | undefined) => {
  // No address: the socket closed before the request was read (it is answered to nobody).
  const key = clientKey(ip ?? 'unknown');
  return /^[0-9a-f.:/]{1,45}$/i.test(key) ? key : createHash('sha256').update(key).digest('base64url');
};

/** Share of requests that also delete ended windows; cheap, and no timer needed. */
const PRUNE_PROBABILITY = 0.01;

const PENDING = Symbol('pendingRateLimitHit');
const SETTLED = Symbol('settledRateLimit');
declare module 'fastify' {
  interface FastifyRequest {
    [PENDING]?: RateLimitHit;
    [SETTLED]?: { hit: RateLimitHit; result: RateLimitResult };
  }
}

const isJson = (request: FastifyRequest) => /^application\/json\b/i.test(request.headers['content-type'] ?? '');

export default fp<RateLimitOptions>(async function rateLimit(app: FastifyInstance, { max, windowSeconds }) {
  const hitFor = (name: string, request: FastifyRequest): RateLimitHit => ({
    key: `${name}:${addressKey(request.ip)}`,
    max,
    windowSeconds,
  });

  function prune(request: FastifyRequest) {
    if (Math.random() >= PRUNE_PROBABILITY) return;
    pruneRateLimits(app.db).catch((error: unknown) => request.log.warn({ err: error }, 'rate limit prune failed'));
  }

  function answer(reply: FastifyReply, { max }: RateLimitHit, result: RateLimitResult) {
    void reply.header('x-ratelimit-limit', String(max));
    void reply.header('x-ratelimit-remaining', String(result.remaining));
    if (!result.allowed) {
      throw new TooMany(MESSAGES.http.tooManyRequests, result.retryAfterSeconds);
    }
  }

  /** Counts the hit in a statement of its own; throws 429 over the limit. */
  async function count(request: FastifyRequest, reply: FastifyReply, hit: RateLimitHit) {
    let result;
    try {
      result = await hitRateLimit(app.db, hit.key, hit.max, hit.windowSeconds);
      prune(request);
    } catch (error) {
      // The counter is a guard, not the service: if it cannot be read, the request itself decides.
      request.log.warn({ err: error }, 'rate limit check failed');
      return;
    }
    answer(reply, hit, result);
  }

  app.decorate('rateLimit', (name: string): onRequestAsyncHookHandler => {
    return async function limitByAddress(request, reply) {
      await count(request, reply, hitFor(name, request));
    };
  });

  app.decorate('rateLimitInStatement', (name: string): InStatementRateLimit => ({
    async onRequest(request, reply) {
      if (isJson(request)) request[PENDING] = hitFor(name, request);
      else await count(request, reply, hitFor(name, request));
    },
    async onSend(request, reply, payload) {
      const settled = request[SETTLED];
      if (settled) {
        void reply.header('x-ratelimit-limit', String(settled.hit.max));
        void reply.header('x-ratelimit-remaining', String(settled.result.remaining));
      }
      return payload;
    },
    // Refused before its statement ran (bad JSON, a field missing...): the hit is counted all the same, and
    // over the limit the answer is 429, as if it had been counted first.
    async errorHandler(error, request, reply) {
      const hit = app.takeRateLimitHit(request);
      if (hit) await count(request, reply, hit);
      throw error;
    },
  }));

  app.decorate('takeRateLimitHit', (request: FastifyRequest) => {
    const hit = request[PENDING] ?? null;
    request[PENDING] = undefined;
    return hit;
  });

  app.decorate('settleRateLimit', (request: FastifyRequest, hit: RateLimitHit, result: RateLimitResult) => {
    request[SETTLED] = { hit, result };
    prune(request);
    if (!result.allowed) {
      throw new TooMany(MESSAGES.http.tooManyRequests, result.retryAfterSeconds);
    }
  });
});
