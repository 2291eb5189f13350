// GET /api/challenge: a fresh proof-of-work challenge for the public forms (ALTCHA's format).
import { ChallengeSchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createChallenge } from '../services/challenge.ts';

export interface ChallengeRoutesOptions {
  challengeSecret: string;
  /** CHALLENGE_MAXNUMBER */
  maxnumber: number;
}

export default async function challengeRoutes(
  app: FastifyInstance,
  { challengeSecret, maxnumber }: ChallengeRoutesOptions,
) {
  const schema = {
    tags: ['leads'],
    summary: 'A fresh proof-of-work challenge for the public forms (ALTCHA’s format)',
    response: { 200: ChallengeSchema },
  };
  app.withTypeProvider<ZodTypeProvider>().get('/challenge', { schema }, async (_request, reply) => {
    // Each challenge is good for one lead: never cached, never shared.
    void reply.header('cache-control', 'no-store');
    return await createChallenge(challengeSecret, Date.now(), maxnumber);
  });
}
