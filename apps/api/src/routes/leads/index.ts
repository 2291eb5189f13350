// Public lead forms as a JSON/multipart API: /api/request-quote, /api/contact, /api/jobs/apply → 201 { id }.
// The same intake serves the forms posted without JavaScript (routes/forms).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { type LeadMailConfig } from '../../services/leads-mail.ts';
import { createLeadIntake, JSON_BODY_LIMIT, MULTIPART_LIMITS } from '../../services/lead-intake.ts';

export interface LeadRoutesOptions {
  mail: LeadMailConfig;
}

export default async function leadRoutes(app: FastifyInstance, { mail }: LeadRoutesOptions) {
  // Registered in this scope only: the image uploads register their own with their own limits.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const intake = createLeadIntake(app, mail);

  app.post(
    '/request-quote',
    { onRequest: app.rateLimit('request-quote'), bodyLimit: JSON_BODY_LIMIT },
    async (request, reply) => reply.status(201).send({ id: await intake.quote(request) }),
  );

  app.post('/contact', { onRequest: app.rateLimit('contact'), bodyLimit: JSON_BODY_LIMIT }, async (request, reply) =>
    reply.status(201).send({ id: await intake.contact(request) }),
  );

  app.post(
    '/jobs/apply',
    { onRequest: app.rateLimit('jobs-apply'), bodyLimit: JSON_BODY_LIMIT },
    async (request, reply) => reply.status(201).send({ id: await intake.application(request) }),
  );
}
