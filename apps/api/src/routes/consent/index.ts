import {
  CONSENT_BANNER_VERSION,
  CONSENT_USER_AGENT_CHARS,
  ConsentRecordSchema,
  ConsentSettingsSchema,
} from '@agency/contract';
import { schema } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schema.ts';
import { boundedJson } from '../../lib/bounded-json.ts';

export interface ConsentRoutesOptions {
  analyticsScriptUrl: string | undefined;
}

const tags = ['consent'];

/** /api/consent: proof of each cookie choice, kept without anything that identifies the visitor. */
export default async function consentRoutes(fastify: FastifyInstance, { analyticsScriptUrl }: ConsentRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const recordSchema = {
    tags,
    summary: 'Record a cookie choice (no address, no account: a random id, the choice and a truncated user agent)',
    body: ConsentRecordSchema,
    response: { 201: z.undefined().describe('Recorded'), ...errorResponses(400, 429) },
  };
  app.post(
    '/',
    { ...boundedJson, schema: recordSchema, onRequest: app.rateLimit('consent') },
    async (request, reply) => {
      const { consentId, choice, settings, bannerVersion } = request.body;
      await app.db.insert(schema.consents).values({
        consentId,
        choice,
        analytics: settings.analytics,
        marketing: settings.marketing,
        bannerVersion,
        gpc: request.headers['sec-gpc'] === '1',
        userAgent: (request.headers['user-agent'] ?? '').slice(0, CONSENT_USER_AGENT_CHARS),
      });
      return reply.status(201).send();
    },
  );

  const settingsSchema = {
    tags,
    summary: 'What the banner needs at run time: its version and the analytics script, if any',
    response: { 200: ConsentSettingsSchema },
  };
  app.get('/settings', { schema: settingsSchema }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return { bannerVersion: CONSENT_BANNER_VERSION, analyticsScriptUrl: analyticsScriptUrl ?? null };
  });
}
