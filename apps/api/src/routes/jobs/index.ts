import { JOB_MESSAGES, JobInputSchema, JobListQuerySchema } from '@agency/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { parseOr400 } from '../../lib/validate.ts';
import { recordAudit, recordJobAudit } from '../../services/audit.ts';
import { createJob, deleteJob, findJob, listJobs, updateJob } from '../../services/jobs.ts';

const notFound = () => new HttpError(404, JOB_MESSAGES.notFound);

/**
 * /api/jobs: open openings for everyone, writes for admins and editors. (POST /api/jobs/apply, the
 * application form, is registered with the other lead forms.)
 */
export default async function jobRoutes(app: FastifyInstance) {
  const editorsOnly = app.requireRole('admin', 'editor');

  app.get('/', async (request, reply) => {
    const { status } = parseOr400(JobListQuerySchema, request.query);
    if (status === 'all') {
      await editorsOnly.call(app, request, reply);
      void reply.header('cache-control', 'private, no-store');
      return listJobs(app.db, { includeClosed: true });
    }
    return listJobs(app.db);
  });

  // A closed or expired opening answers 410 Gone with its data, so a client can still say what it was.
  app.get<{ Params: { slug: string } }>('/:slug', async (request, reply) => {
    const job = await findJob(app.db, request.params.slug);
    if (!job) throw notFound();
    if (!job.open) return reply.status(410).send({ error: JOB_MESSAGES.gone, job });
    return job;
  });

  app.post('/', { preHandler: editorsOnly }, async (request, reply) => {
    const job = await createJob(app.db, parseOr400(JobInputSchema, request.body));
    await recordJobAudit(app.db, request, 'job.created', job);
    return reply.status(201).send(job);
  });

  app.put<{ Params: { id: string } }>('/:id', { preHandler: editorsOnly }, async (request) => {
    const input = parseOr400(JobInputSchema, request.body);
    const before = await findJob(app.db, request.params.id);
    const job = await updateJob(app.db, request.params.id, input);
    if (!job) throw notFound();
    await recordJobAudit(app.db, request, 'job.updated', job, before?.open);
    return job;
  });

  app.delete<{ Params: { id: string } }>('/:id', { preHandler: editorsOnly }, async (request, reply) => {
    if (!(await deleteJob(app.db, request.params.id))) throw notFound();
    await recordAudit(app.db, request, { action: 'job.deleted', target: { type: 'job', id: request.params.id } });
    return reply.status(204).send();
  });
}
