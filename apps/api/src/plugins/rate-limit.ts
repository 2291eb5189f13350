// Per-address limit on public form POSTs, counted in the database so every instance shares it.
import { createHash } from 'node:crypto';
import { MESSAGES } from '@agency/contract';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.ts';
import { hitRateLimit, pruneRateLimits } from '../services/rate-limit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: at most `max` requests per `windowSeconds` per client address for `name`. */
    rateLimit(name: string): onRequestAsyncHookHandler;
  }
}

export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
}

/**
 * The address as a counter key: as it is when it looks like one, else hashed, so a misconfigured proxy
 * passing client text through cannot make the key (a primary key) grow without bound.
 */
const addressKey = (ip: string) =>
  /^[0-9a-f.:]{1,45}$/i.test(ip) ? ip : createHash('sha256').update(ip).digest('base64url');

/** Share of requests that also delete ended windows; cheap, and no timer needed. */
const PRUNE_PROBABILITY = 0.01;

export default fp<RateLimitOptions>(async function rateLimit(app: FastifyInstance, { max, windowSeconds }) {
  app.decorate('rateLimit', (name: string): onRequestAsyncHookHandler => {
    return async function limitByAddress(request, reply) {
      let result;
      try {
        result = await hitRateLimit(app.db, `${name}:${addressKey(request.ip)}`, max, windowSeconds);
        if (Math.random() < PRUNE_PROBABILITY) await pruneRateLimits(app.db);
      } catch (error) {
        // The counter is a guard, not the service: if it cannot be read, the request itself decides.
        request.log.warn({ err: error }, 'rate limit check failed');
        return;
      }
      void reply.header('x-ratelimit-limit', String(max));
      void reply.header('x-ratelimit-remaining', String(result.remaining));
      if (!result.allowed) {
        throw new HttpError(429, MESSAGES.http.tooManyRequests, undefined, {
          'retry-after': String(result.retryAfterSeconds),
        });
      }
    };
  });
});
