// The forms posted by a browser without JavaScript (or before the page has hydrated). Each posts to its
// own page's address, so the page shown again is the one the browser is on:
//   POST /quote-uk, /quote-nepal, /connect, /career → 303 to the thank-you page
//   POST /career/<slug> (an opening's own form) → the same; refused, its page again while the opening is open,
//   else /career with what was typed
//   POST /register → 303 to /login?registered=1;  POST /login → the login page, which opens the admin
//   POST /forgot-password → 303 to /forgot-password?sent=1 (whether or not the address has an account)
//   POST /reset-password (the link's token in a hidden field, never in the address) → 303 to /login?reset=1
// A refusal renders the same page again with its status, the server's messages next to the fields and
// what was typed (never a password or a file). The checks, limits, honeypot and storage are the JSON
// API's own (services/lead-intake.ts, services/sign-in.ts).
import {
  ALTCHA_FIELD,
  HONEYPOT_FIELD,
  LoginResponseSchema,
  MESSAGES,
  NATIVE_AUTH_FORMS,
  NATIVE_LEAD_FORMS,
  type NativeFormAnswer,
  PASSWORD_RESET_PARAM,
  REGISTERED_PARAM,
  RESET_REQUESTED_PARAM,
  jobPath,
} from '@agency/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import type { LoginLimits } from '../../services/auth.ts';
import { findJob } from '../../services/jobs.ts';
import type { IntakeConfig } from '../../services/lead-intake.ts';
import { isLookupText } from '../../services/web-context.ts';
import { createLeadTakers, JSON_BODY_LIMIT, MULTIPART_LIMITS, type Received } from '../../services/lead-forms.ts';

export interface FormRoutesOptions {
  /** Mail, webhooks and the proof-of-work settings (the app's Config), as for the JSON routes. */
  mail: IntakeConfig;
  login: LoginLimits;
}

/** Fields never shown again: secrets, the bots' field and the script version's own flags. */
const NOT_ECHOED = new Set(['password', HONEYPOT_FIELD, ALTCHA_FIELD, 'loading', 'success']);

/** A browser's form sends text fields only; anything else (a JSON body's nesting) is not passed on. */
const fieldsOf = (body: unknown): Received =>
  body && typeof body === 'object'
    ? Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string'))
    : {};

/** The text fields received, to fill the form in again. */
function echo(received: Received): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(received)) {
    if (typeof value === 'string' && !NOT_ECHOED.has(name)) values[name] = value;
  }
  return values;
}

export default async function formRoutes(app: FastifyInstance, { mail }: FormRoutesOptions) {
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  // What a <form method="post"> without a file sends.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const intake = createLeadTakers(app, mail);
  // Not in the OpenAPI document: these are the pages' own form posts, answered with a page or a redirect;
  // API clients use the JSON routes they share their checks with.
  const options = { bodyLimit: JSON_BODY_LIMIT, schema: { hide: true } };

  /** The page a form is shown on again: a path, or found when a refusal needs it. */
  type FormPage = string | ((request: FastifyRequest) => Promise<string>);

  /** The refusal on the form's page; without a web build (API tests) as the JSON API's error body. */
  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    page: FormPage,
    error: HttpError,
    values: Received,
  ) {
    for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
    const form: NativeFormAnswer = { values: echo(values), error: error.toJSON() };
    if (app.renderPage) {
      const path = typeof page === 'string' ? page : await page(request);
      return app.renderPage(request, reply, { path, status: error.statusCode, form });
    }
    return reply.status(error.statusCode).send(form.error);
  }

  /** Runs `take`; an HttpError (bad input, too many requests, storage down) is shown on the page. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    page: FormPage,
    take: (received: Received) => Promise<unknown>,
  ): Promise<boolean> {
    const received: Received = {};
    try {
      await take(received);
      return true;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await refuse(request, reply, page, error, received);
      return false;
    }
  }

  const leadForm =
    (form: { page: FormPage; thanks: string }, limit: string, take: typeof intake.quote) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const limiter = app.rateLimit(limit);
      const sent = await answer(request, reply, form.page, async (received) => {
        await limiter.call(app, request, reply);
        await take(request, received);
      });
      if (sent) return reply.redirect(form.thanks, 303);
      return reply;
    };

  // Same limit names as the JSON routes: one budget per address whichever way the form is sent.
  // A regional form's page names its region: a post there is that region's quote, whatever its fields say.
  for (const form of [NATIVE_LEAD_FORMS.quoteUk, NATIVE_LEAD_FORMS.quoteNepal]) {
    const take: typeof intake.quote = (request, received) => intake.quote(request, received, form.region);
    app.post(form.page, options, leadForm(form, 'request-quote', take));
  }
  app.post(NATIVE_LEAD_FORMS.contact.page, options, leadForm(NATIVE_LEAD_FORMS.contact, 'contact', intake.contact));
  app.post(
    NATIVE_LEAD_FORMS.application.page,
    options,
    leadForm(NATIVE_LEAD_FORMS.application, 'jobs-apply', intake.application),
  );
  // An opening's own form posts to its page (/career/<slug>), checked and stored as any application (the
  // jobId it carries names the opening). Refused, it is that page again, with its title and JobPosting
  // data; if the opening closed in the meantime (or the slug names none), /career with what was typed.
  const openingPage = async (request: FastifyRequest) => {
    const { slug } = request.params as { slug: string };
    // The web pages' own guard: a slug the API would refuse (NUL, too long) names no opening.
    const job = isLookupText(slug) ? await findJob(app.db, slug) : null;
    return job?.open ? jobPath(job.slug) : NATIVE_LEAD_FORMS.application.page;
  };
  app.post(
    `${NATIVE_LEAD_FORMS.application.page}/:slug`,
    options,
    leadForm({ page: openingPage, thanks: NATIVE_LEAD_FORMS.application.thanks }, 'jobs-apply', intake.application),
  );

  /**
   * Register, login and the password reset go through the JSON routes themselves (their checks, limits, audit and two-factor
   * rules), from the visitor's own address; an error answer becomes a refusal on the page.
   */
  async function viaApi(request: FastifyRequest, url: string, received: Received) {
    Object.assign(received, fieldsOf(request.body));
    const answer = await app.inject({
      method: 'POST',
      url,
      payload: fieldsOf(request.body),
      remoteAddress: request.ip,
      headers: { 'user-agent': request.headers['user-agent'] ?? '' },
    });
    // 204 (a new password saved) has no body.
    const body = (answer.body ? answer.json() : {}) as Record<string, unknown>;
    if (answer.statusCode >= 400) {
      const headers: Record<string, string> = {};
      if (answer.headers['retry-after']) headers['retry-after'] = String(answer.headers['retry-after']);
      throw new HttpError(
        answer.statusCode,
        String(body.error ?? ''),
        body.fields as Record<string, string> | undefined,
        headers,
      );
    }
    return body;
  }

  // Account forms the API answers as it does for the script: the page, the endpoint it relays to, and where a
  // success goes. A refusal shows the page again (the reset form keeps its token, a hidden field, never the
  // password).
  const relayed: [page: string, endpoint: string, success: string][] = [
    [NATIVE_AUTH_FORMS.register, '/api/auth/register', `${NATIVE_AUTH_FORMS.login}?${REGISTERED_PARAM}=1`],
    [
      NATIVE_AUTH_FORMS.forgotPassword,
      '/api/auth/password-reset',
      `${NATIVE_AUTH_FORMS.forgotPassword}?${RESET_REQUESTED_PARAM}=1`,
    ],
    [
      NATIVE_AUTH_FORMS.resetPassword,
      '/api/auth/password-reset/confirm',
      `${NATIVE_AUTH_FORMS.login}?${PASSWORD_RESET_PARAM}=1`,
    ],
  ];
  for (const [page, endpoint, success] of relayed) {
    app.post(page, options, async (request, reply) => {
      const done = await answer(request, reply, page, (received) => viaApi(request, endpoint, received));
      if (done) return reply.redirect(success, 303);
      return reply;
    });
  }

  app.post(NATIVE_AUTH_FORMS.login, options, async (request, reply) => {
    // The query (?next=/admin…) stays: the page opens that admin link once signed in.
    const page = request.url;
    let session: NativeFormAnswer['session'];
    const done = await answer(request, reply, page, async (received) => {
      const body = await viaApi(request, '/api/auth/login', received);
      const parsed = LoginResponseSchema.safeParse(body);
      // A second step (two-factor code) is a screen of the script version.
      if (!parsed.success) throw new HttpError(400, MESSAGES.auth.signedInNeedsScript);
      session = parsed.data;
    });
    if (!done) return reply;
    const form: NativeFormAnswer = { values: {}, session };
    if (app.renderPage) return app.renderPage(request, reply, { path: page, status: 200, form });
    return reply.status(200).send(session);
  });
}
