// The forms posted by a browser without JavaScript (or before the page has hydrated). Each posts to its
// own page's address, so the page shown again is the one the browser is on:
//   POST /quote-uk, /quote-nepal, /connect, /career → 303 to the thank-you page
//   POST /career/<slug> (an opening's own form) → the same; refused, its page again while the opening is open,
//   else /career with what was typed
//   POST /register, /login, /forgot-password, /reset-password → routes/forms/account.ts
// A refusal renders the same page again with its status, the server's messages next to the fields and
// what was typed (never a password or a file). The checks, limits, honeypot and storage are the JSON
// API's own (services/lead-intake.ts, services/account.ts).
import { ALTCHA_FIELD, HONEYPOT_FIELD, NATIVE_LEAD_FORMS, type NativeFormAnswer, jobPath } from '@agency/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerOf, type HttpError } from '../../lib/http-error.ts';
import { refuseCrossSite } from '../../lib/same-site.ts';
import { findJob } from '../../services/jobs.ts';
import type { IntakeConfig } from '../../services/lead-intake.ts';
import { isLookupText } from '../../services/web-context.ts';
import { createLeadTakers, JSON_BODY_LIMIT, MULTIPART_LIMITS, type Received } from '../leads/lead-forms.ts';
import accountFormRoutes, { type AccountFormOptions } from './account.ts';

export interface FormRoutesOptions {
  /** Mail, webhooks and the proof-of-work settings (the app's Config), as for the JSON routes. */
  mail: IntakeConfig;
  /** The account forms' settings (routes/forms/account.ts). */
  account: Omit<AccountFormOptions, 'routeOptions'>;
}

/** Fields never shown again: secrets, the bots' field and the script version's own flags. */
const NOT_ECHOED = new Set(['password', HONEYPOT_FIELD, ALTCHA_FIELD, 'loading', 'success']);

/** The text fields received, to fill the form in again. */
function echo(received: Received): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(received)) {
    if (typeof value === 'string' && !NOT_ECHOED.has(name)) values[name] = value;
  }
  return values;
}

export default async function formRoutes(app: FastifyInstance, { mail, account }: FormRoutesOptions) {
  // A post another site made is refused before anything is read (lib/same-site.ts).
  app.addHook('onRequest', refuseCrossSite(account.siteUrl));
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  // What a <form method="post"> without a file sends.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const intake = createLeadTakers(app, mail, { withoutJavaScript: { siteUrl: account.siteUrl } });
  // Not in the OpenAPI document: these are the pages' own form posts, answered with a page or a redirect;
  // API clients use the JSON routes they share their checks with.
  const options = { bodyLimit: JSON_BODY_LIMIT, schema: { hide: true } };
  /** A lead changes no public content (plugins/public-cache.ts). */
  const leadOptions = { ...options, config: { keepsPublicContent: true } };

  /** The page a form is shown on again: a path, or found when a refusal needs it. */
  type FormPage = string | ((request: FastifyRequest) => Promise<string>);

  /** The refusal on the form's page. */
  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    page: FormPage,
    error: HttpError,
    values: Received,
  ) {
    for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
    const form: NativeFormAnswer = { values: echo(values), error: error.toJSON() };
    const path = typeof page === 'string' ? page : await page(request);
    return app.renderPage(request, reply, { path, status: error.statusCode, form });
  }

  /** Runs `take`; a refusal (bad input, too many requests, storage down: `answerOf`) is shown on the page. */
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
      const refusal = answerOf(error);
      if (!refusal) throw error;
      await refuse(request, reply, page, refusal, received);
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
    app.post(form.page, leadOptions, leadForm(form, 'request-quote', take));
  }
  app.post(NATIVE_LEAD_FORMS.contact.page, leadOptions, leadForm(NATIVE_LEAD_FORMS.contact, 'contact', intake.contact));
  app.post(
    NATIVE_LEAD_FORMS.application.page,
    leadOptions,
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
    leadOptions,
    leadForm({ page: openingPage, thanks: NATIVE_LEAD_FORMS.application.thanks }, 'jobs-apply', intake.application),
  );

  // Register, sign-in and the password reset: their own file, calling the account actions the JSON routes call.
  await app.register(accountFormRoutes, { ...account, routeOptions: options });
}
