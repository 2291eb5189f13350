import {
  ALTCHA_FIELD,
  ContactSchema,
  CreatedIdSchema,
  JobApplicationSchema,
  LeadSourceSchema,
  QuoteRequestSchema,
} from '@agency/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentedOnly, errorResponses, FILE_FIELD } from '../../lib/schema.ts';
import type { IntakeConfig } from '../../services/lead-intake.ts';
import { createLeadTakers, JSON_BODY_LIMIT, MULTIPART_LIMITS } from './lead-forms.ts';

export interface LeadRoutesOptions {
  /** Mail, webhooks and the proof-of-work settings (the app's Config). */
  mail: IntakeConfig;
}

/** Public lead forms: /api/request-quote, /api/contact, /api/jobs/apply. */
/**
 * What each form route declares. The body is JSON or multipart and read by `readForm` (files are
 * buffered up to their own limit), so the schema documents it and the handler checks it.
 */
const CONSUMES = ['application/json', 'multipart/form-data'];
/** Where the lead came from, and the proof-of-work solution (GET /api/challenge), read by readIntake. */
const INTAKE_FIELDS = LeadSourceSchema.extend({
  [ALTCHA_FIELD]: z.string().optional().describe('Base64 of the solved challenge'),
});
const FORM_ERRORS = errorResponses(400, 413, 415, 429, 503);
const quoteSchema = {
  tags: ['leads'],
  summary: 'Send a quote request (regional forms add `region` and `currency`), optionally with a file ≤ 10 MB',
  consumes: CONSUMES,
  body: documentedOnly(z.intersection(QuoteRequestSchema, INTAKE_FIELDS.extend({ file: FILE_FIELD.optional() }))),
  response: { 201: CreatedIdSchema, ...FORM_ERRORS },
};
const contactSchema = {
  tags: ['leads'],
  summary: 'Send a contact message',
  consumes: CONSUMES,
  body: documentedOnly(z.intersection(ContactSchema, INTAKE_FIELDS)),
  response: { 201: CreatedIdSchema, ...FORM_ERRORS },
};
const applicationSchema = {
  tags: ['leads'],
  summary: 'Apply for a job with a CV (PDF, DOC or DOCX by content, ≤ 5 MB)',
  consumes: ['multipart/form-data'],
  body: documentedOnly(z.intersection(JobApplicationSchema, INTAKE_FIELDS.extend({ resume: FILE_FIELD }))),
  response: { 201: CreatedIdSchema, ...FORM_ERRORS },
};

/** A lead changes no public content (plugins/public-cache.ts). */
const LEAD_ROUTE = { keepsPublicContent: true };

export default async function leadRoutes(fastify: FastifyInstance, { mail }: LeadRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Registered in this scope only: the image uploads register their own with their own limits.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const take = createLeadTakers(app, mail);

  app.post(
    '/request-quote',
    {
      ...app.rateLimitInStatement('request-quote'),
      config: LEAD_ROUTE,
      bodyLimit: JSON_BODY_LIMIT,
      schema: quoteSchema,
    },
    async (request, reply) => reply.status(201).send({ id: await take.quote(request) }),
  );

  app.post(
    '/contact',
    { ...app.rateLimitInStatement('contact'), config: LEAD_ROUTE, bodyLimit: JSON_BODY_LIMIT, schema: contactSchema },
    async (request, reply) => reply.status(201).send({ id: await take.contact(request) }),
  );

  app.post(
    '/jobs/apply',
    {
      ...app.rateLimitInStatement('jobs-apply'),
      config: LEAD_ROUTE,
      bodyLimit: JSON_BODY_LIMIT,
      schema: applicationSchema,
    },
    async (request, reply) => reply.status(201).send({ id: await take.application(request) }),
  );
}
