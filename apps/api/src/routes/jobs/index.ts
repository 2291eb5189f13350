import {
  JOB_MESSAGES,
  JobGoneSchema,
  JobIdParamsSchema,
  JobInputSchema,
  JobListQuerySchema,
  JobSchema,
  JobSlugParamsSchema,
} from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, errorResponses, NO_CONTENT } from '../../lib/schema.ts';
import { createJob, deleteJob, findJob, listJobs, updateJob } from '../../services/jobs.ts';

const notFound = () => new HttpError(404, JOB_MESSAGES.notFound);
const tags = ['jobs'];

/**
 * /api/jobs: open openings for everyone, writes for admins and editors. (POST /api/jobs/apply, the
 * application form, is registered with the other lead forms.)
 */
export default async function jobRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const editorsOnly = app.requireRole('admin', 'editor');

  const listSchema = {
    tags,
    summary: 'Open job openings, newest first (`?status=all` with an editor token adds closed and expired ones)',
    querystring: JobListQuerySchema,
    response: { 200: z.array(JobSchema), ...errorResponses(400, 401, 403) },
  };
  app.get('/', { schema: listSchema }, async (request, reply) => {
    if (request.query.status === 'all') {
      await editorsOnly.call(app, request, reply);
      void reply.header('cache-control', 'private, no-store');
      return listJobs(app.db, { includeClosed: true });
    }
    return listJobs(app.db);
  });

  // A closed or expired opening answers 410 Gone with its data, so a client can still say what it was.
  const showSchema = {
    tags,
    summary: 'One opening by slug; 410 once closed or past validThrough',
    params: JobSlugParamsSchema,
    response: { 200: JobSchema, 410: JobGoneSchema, ...errorResponses(404) },
  };
  app.get('/:id', { schema: showSchema }, async (request, reply) => {
    const job = await findJob(app.db, request.params.id);
    if (!job) throw notFound();
    if (!job.open) return reply.status(410).send({ error: JOB_MESSAGES.gone, job });
    return job;
  });

  const createSchema = {
    tags,
    summary: 'Open a position (description in Markdown)',
    security: BEARER,
    body: JobInputSchema,
    response: { 201: JobSchema, ...errorResponses(400, 401, 403) },
  };
  app.post('/', { onRequest: editorsOnly, schema: createSchema }, async (request, reply) => {
    const job = await createJob(app.db, request, request.body);
    return reply.status(201).send(job);
  });

  const updateSchema = {
    tags,
    summary: 'Rewrite an opening (its address stays)',
    security: BEARER,
    params: JobIdParamsSchema,
    body: JobInputSchema,
    response: { 200: JobSchema, ...errorResponses(400, 401, 403, 404) },
  };
  app.put('/:id', { onRequest: editorsOnly, schema: updateSchema }, async (request) => {
    const job = await updateJob(app.db, request, request.params.id, request.body);
    if (!job) throw notFound();
    return job;
  });

  const deleteSchema = {
    tags,
    summary: 'Delete an opening (applications keep their text, lose the link)',
    security: BEARER,
    params: JobIdParamsSchema,
    response: { 204: NO_CONTENT, ...errorResponses(401, 403, 404) },
  };
  app.delete('/:id', { onRequest: editorsOnly, schema: deleteSchema }, async (request, reply) => {
    if (!(await deleteJob(app.db, request, request.params.id))) throw notFound();
    return reply.status(204).send();
  });
}
