// GET /api/challenge: a fresh proof-of-work challenge for the public forms (ALTCHA's format).
import type { FastifyInstance } from 'fastify';
import { createChallenge } from '../services/challenge.ts';

export interface ChallengeRoutesOptions {
  challengeSecret: string;
}

export default async function challengeRoutes(app: FastifyInstance, { challengeSecret }: ChallengeRoutesOptions) {
  app.get('/challenge', async (_request, reply) => {
    // Each challenge is good for one lead: never cached, never shared.
    void reply.header('cache-control', 'no-store');
    return createChallenge(challengeSecret);
  });
}
