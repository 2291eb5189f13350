// Job openings through the API: who may write them, which are listed, the 410 once they close or
// expire, applications that name an opening, and the inbox filter by opening.
import { JOB_MESSAGES, JobSchema, RESERVED_JOB_SLUGS } from '@agency/contract';
import { eq, schema } from '@agency/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callers, type Caller } from '../../../test/auth-fixtures.ts';
import { createWebLoadContext } from '../../services/web-context.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { APPLICATION, multipart, openingPayload, PDF } from '../../../test/lead-fixtures.ts';

let t: TestApp;
let who: Awaited<ReturnType<typeof callers>>;
beforeAll(async () => {
  t = await createTestApp();
  who = await callers(t.app);
});
afterAll(() => t.close());

const createJob = async (payload: object = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: who.headers.editor,
    payload: openingPayload(payload),
  });
  expect(res.statusCode, res.body).toBe(201);
  return JobSchema.parse(res.json());
};
const openList = async () => JobSchema.array().parse((await t.app.inject({ method: 'GET', url: '/api/jobs' })).json());

async function apply(fields: Record<string, string>) {
  const body = await multipart(fields, [{ field: 'resume', name: 'cv.pdf', type: 'application/pdf', data: PDF }]);
  return t.app.inject({ method: 'POST', url: '/api/jobs/apply', ...body });
}

describe('authorization of the job writes', () => {
  const expected: Record<Caller, [number, number, number]> = {
    'no token': [401, 401, 401],
    garbage: [401, 401, 401],
    expired: [401, 401, 401],
    'alg none': [401, 401, 401],
    'other key': [401, 401, 401],
    pending: [403, 403, 403],
    editor: [201, 200, 204],
    admin: [201, 200, 204],
  };

  it.each(Object.keys(expected) as Caller[])('%s: POST, PUT, DELETE', async (caller) => {
    const headers = who.headers[caller];
    const mine = await createJob({ title: `Matrix ${caller}` });
    const payload = openingPayload();
    const created = await t.app.inject({ method: 'POST', url: '/api/jobs', headers, payload });
    const updated = await t.app.inject({ method: 'PUT', url: `/api/jobs/${mine.id}`, headers, payload });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/jobs/${mine.id}`, headers });
    expect([created.statusCode, updated.statusCode, removed.statusCode]).toEqual(expected[caller]);
  });
});

describe('writing openings', () => {
  it('answers 400 naming each bad field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: who.headers.admin,
      payload: {
        title: '',
        location: 'paris',
        employmentType: 'SOMETIMES',
        salaryMin: 5,
        salaryMax: 4,
        validThrough: 'soon',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      title: 'Title is required',
      location: 'Location is not one of the offered options',
      employmentType: 'Employment type is not one of the offered options',
      salaryCurrency: 'Salary currency is required',
      description: JOB_MESSAGES.descriptionRequired,
      validThrough: JOB_MESSAGES.validThroughInvalid,
    });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: who.headers.admin,
      payload: openingPayload({ salaryMin: 10, salaryMax: 5 }),
    });
    expect(order.json().fields).toEqual({ salaryMax: JOB_MESSAGES.salaryOrder });
  });

  it('stores the Markdown, serves sanitized HTML and gives each opening its own slug', async () => {
    const job = await createJob({ title: 'Web Designer' });
    expect(job).toMatchObject({ slug: 'web-designer', open: true, status: 'open', location: 'kathmandu' });
    expect(job.descriptionHtml).toBe('<h2>The role</h2>\n<p>Run our <strong>Kubernetes</strong> clusters.</p>\n');
    expect((await createJob({ title: 'Web designer' })).slug).toBe('web-designer-2');
    const one = await t.app.inject({ method: 'GET', url: '/api/jobs/web-designer' });
    expect(one.statusCode).toBe(200);
    expect(one.json().id).toBe(job.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/jobs/nobody-here' })).statusCode).toBe(404);
  });

  it('never takes the address of a page under /career: "Thank you" becomes thank-you-2', async () => {
    expect(RESERVED_JOB_SLUGS).toContain('thank-you');
    const job = await createJob({ title: 'Thank you' });
    expect(job.slug).toBe('thank-you-2');
    const one = await t.app.inject({ method: 'GET', url: '/api/jobs/thank-you-2' });
    expect(one.json()).toMatchObject({ id: job.id, title: 'Thank you' });
    expect((await t.app.inject({ method: 'GET', url: '/api/jobs/thank-you' })).statusCode).toBe(404);
    expect((await createJob({ title: 'Thank You!' })).slug).toBe('thank-you-3');
  });
});

describe('closed and expired openings', () => {
  it('leave the list and answer 410 (closed at once, expired once validThrough passes)', async () => {
    const closing = await createJob({ title: 'Closing soon' });
    const expiring = await createJob({ title: 'Expiring soon' });
    expect((await openList()).map((job) => job.id)).toEqual(expect.arrayContaining([closing.id, expiring.id]));

    const closed = await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${closing.id}`,
      headers: who.headers.editor,
      payload: openingPayload({ title: 'Closing soon', status: 'closed' }),
    });
    expect(closed.json()).toMatchObject({ status: 'closed', open: false });
    await t.app.db
      .update(schema.jobs)
      .set({ validThrough: new Date(Date.now() - 1000) })
      .where(eq(schema.jobs.id, expiring.id));

    const ids = (await openList()).map((job) => job.id);
    expect(ids).not.toContain(closing.id);
    expect(ids).not.toContain(expiring.id);
    for (const slug of [closing.slug, expiring.slug]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/jobs/${slug}` });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ error: JOB_MESSAGES.gone, job: { slug, open: false } });
    }
    // Editors still see them all.
    const all = await t.app.inject({ method: 'GET', url: '/api/jobs?status=all', headers: who.headers.editor });
    expect(all.json().map((job: { id: string }) => job.id)).toEqual(expect.arrayContaining([closing.id, expiring.id]));
    expect((await t.app.inject({ method: 'GET', url: '/api/jobs?status=all' })).statusCode).toBe(401);

    const web = createWebLoadContext(t.app, { siteUrl: 'http://localhost', jwtSecret: 'test-secret' })();
    expect((await web.jobs.listOpen()).map((job) => job.id)).not.toContain(expiring.id);
    expect(await web.jobs.findBySlug(expiring.slug)).toMatchObject({ open: false });
  });

  it('expires by the clock alone, to the millisecond', async () => {
    // The app's clock (Date) is the test's and moves only when the test moves it: no real time has to pass, and
    // a slow machine cannot step over the moment. The opening closes an hour ahead (of the database's now() too).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const until = Date.now() + 60 * 60 * 1000;
      const job = await createJob({ title: 'One hour role', validThrough: new Date(until).toISOString() });
      const status = async () => (await t.app.inject({ method: 'GET', url: `/api/jobs/${job.slug}` })).statusCode;
      expect(await status()).toBe(200);
      vi.setSystemTime(until - 1);
      expect(await status()).toBe(200);
      expect((await openList()).map((open) => open.id)).toContain(job.id);
      // Gone once its time has come.
      vi.setSystemTime(until);
      expect(await status()).toBe(410);
      expect((await openList()).map((open) => open.id)).not.toContain(job.id);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('applications for an opening', () => {
  it('stores the opening’s id and title, and the inbox filters by opening', async () => {
    const job = await createJob({ title: 'Cloud Architect' });
    const other = await createJob({ title: 'Network Engineer' });
    const res = await apply({ ...APPLICATION, position: 'anything', jobId: job.id });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.db.select().from(schema.applications).where(eq(schema.applications.id, res.json().id));
    expect(row).toMatchObject({ jobId: job.id, position: 'Cloud Architect' });
    expect((await apply({ ...APPLICATION, jobId: other.id })).statusCode).toBe(201);
    expect((await apply(APPLICATION)).statusCode).toBe(201);

    const inbox = await t.app.inject({
      method: 'GET',
      url: `/api/admin/applications?job=${job.id}`,
      headers: who.headers.admin,
    });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json()).toMatchObject({ total: 1, items: [{ id: res.json().id, jobId: job.id }] });
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/applications?job=x', headers: who.headers.admin });
    expect(bad.statusCode).toBe(400);
    const quotes = await t.app.inject({
      method: 'GET',
      url: `/api/admin/quotes?job=${job.id}`,
      headers: who.headers.admin,
    });
    expect(quotes.statusCode).toBe(400);
  });

  it('refuses an application naming a closed or unknown opening; the general form still needs a position', async () => {
    const job = await createJob({ title: 'Filled role', status: 'closed' });
    for (const jobId of [job.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await apply({ ...APPLICATION, jobId });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ jobId: JOB_MESSAGES.notOpen });
    }
    const general = await apply({ ...APPLICATION, position: '' });
    expect(general.statusCode).toBe(400);
    expect(general.json().fields).toEqual({ position: 'Position is required' });
  });
});

describe('audit', () => {
  it('records who created, closed and deleted an opening', async () => {
    const job = await createJob({ title: 'Audited role' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${job.id}`,
      headers: who.headers.editor,
      payload: openingPayload({ title: 'Audited role', status: 'closed' }),
    });
    await t.app.inject({ method: 'DELETE', url: `/api/jobs/${job.id}`, headers: who.headers.editor });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=job', headers: who.headers.admin });
    expect(res.statusCode).toBe(200);
    const entries = (
      res.json() as { items: { action: string; target: { id: string } | null; actor: { name: string } }[] }
    ).items
      .filter((entry) => entry.target?.id === job.id)
      .map((entry) => `${entry.action} by ${entry.actor.name}`);
    expect(entries.sort()).toEqual(
      ['job.created', 'job.updated', 'job.closed', 'job.deleted'].map((action) => `${action} by editor person`).sort(),
    );
  });
});
