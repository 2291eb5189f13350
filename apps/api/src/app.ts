// Builds the Fastify app: external plugins, then our plugins (db, storage, auth), then the /api routes.
import { randomUUID } from 'node:crypto';
import type { Database } from '@agency/db';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.ts';
import { boundEveryRoute, registerBoundedJsonParser } from './lib/bounded-json.ts';
import { loggerOptions } from './lib/logger.ts';
import { refuseCrossSiteCookieWrites } from './lib/session-cookie.ts';
import { validatorCompiler } from './lib/schema.ts';
import afterAnswerPlugin from './plugins/after-answer.ts';
import authPlugin from './plugins/auth.ts';
import backupsPlugin, { scratchDirOf } from './plugins/backups.ts';
import databasePlugin from './plugins/database.ts';
import digestPlugin from './plugins/digest.ts';
import errorsPlugin, { frameworkErrors } from './plugins/errors.ts';
import inboundPlugin, { type InboundTimings } from './plugins/inbound.ts';
import mailerPlugin from './plugins/mailer.ts';
import metricsPlugin from './plugins/metrics.ts';
import openapiPlugin from './plugins/openapi.ts';
import pageRendererPlugin from './plugins/page-renderer.ts';
import publicCachePlugin from './plugins/public-cache.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import retentionPlugin from './plugins/retention.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import siteContentPlugin from './plugins/site-content.ts';
import storagePlugin from './plugins/storage.ts';
import writesOffPlugin from './plugins/writes-off.ts';
import auditRoutes from './routes/admin/audit/index.ts';
import backupRoutes from './routes/admin/backups.ts';
import finalBackupRoutes from './routes/admin/final-backup.ts';
import consentAdminRoutes from './routes/admin/consents/index.ts';
import contentRoutes, { publicContentRoutes } from './routes/admin/content/index.ts';
import adminLeadRoutes from './routes/admin/index.ts';
import deskRoutes from './routes/admin/desk.ts';
import privacyRoutes from './routes/admin/privacy/index.ts';
import authRoutes from './routes/auth/index.ts';
import passwordRoutes from './routes/auth/password.ts';
import profileRoutes from './routes/auth/profile.ts';
import sessionRoutes from './routes/auth/sessions.ts';
import twoFactorRoutes from './routes/auth/two-factor.ts';
import consentRoutes from './routes/consent/index.ts';
import blogRoutes from './routes/blogs/index.ts';
import blogRssRoutes from './routes/blogs/rss.ts';
import formRoutes from './routes/forms/index.ts';
import challengeRoutes from './routes/challenge.ts';
import healthRoutes from './routes/health.ts';
import jobRoutes from './routes/jobs/index.ts';
import leadRoutes from './routes/leads/index.ts';
import uploadRoutes from './routes/uploads/index.ts';
import mediaRoutes from './routes/admin/media/index.ts';
import userRoutes from './routes/users/index.ts';
import { messageIdDomain } from './services/inbound-address.ts';
import { createS3Storage } from './services/s3-storage.ts';
import { createLocalStorage, type Storage } from './services/storage.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
  /** Run the daily retention job and the staff digest on a timer (default); the API tests run them themselves. */
  retentionSchedule?: boolean;
  /** Take scheduled backups on a timer when BACKUP_INTERVAL_HOURS is set (default); the API tests call runIfDue. */
  backupSchedule?: boolean;
  /** Told of every route as it is registered (the tests that go over every route use it). */
  onRoute?: (route: RouteOptions) => void;
  /** The mailbox watcher's backoff and lease times (the IMAP tests shorten them). */
  inboundTimings?: Partial<InboundTimings>;
}

/**
 * Fastify's request log lines, made one: nothing when a request arrives; when it is answered, one line at info
 * with the request (method, path without its query, route: lib/logger.ts), the status and the time.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

/** An X-Request-Id the client may choose: a short token, nothing a log or a header could be forged with. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The API's answers about accounts, the team and the admin area (tokens and personal data), each with the
 * Cache-Control it is answered with: the admin area's views of personal data also say `private`.
 */
const PRIVATE_PATHS: [path: RegExp, cacheControl: string][] = [
  [/^\/api\/admin\//, 'private, no-store'],
  [/^\/api\/(?:auth\/|users(?:[/?]|$))/, 'no-store'],
];

/** Largest request body of a JSON route; uploads set their own limits. */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Fastify 5 treats a number as "trust nothing" (it cannot check the nearest peer), so the hop count is
 * given as proxy-addr's hop function: the socket and the next `hops - 1` entries from the right are
 * proxies, and the address after them is the client.
 */
function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

export async function buildApp({
  config,
  database,
  storage,
  logger,
  retentionSchedule = true,
  backupSchedule = true,
  onRoute,
  inboundTimings,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    // A client's X-Request-Id is kept only when it is a short token (it reaches the log and the answer's headers).
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
    // One line per request, when it is answered, not Fastify's two ("incoming request", "request completed").
    logController: new OneLinePerRequest(),
    // Node's own limits, so a slow client cannot hold a connection forever.
    requestTimeout: 120_000,
    // A path Fastify cannot decode (invalid UTF-8) gets our 404 with every header, not its raw 400.
    frameworkErrors,
  });

  if (onRoute) app.addHook('onRoute', onRoute);

  // Routes declare zod schemas from the contract (see lib/schema.ts); these check and encode with them.
  // JSON of the routes open to anyone is bounded in depth before parsing (lib/bounded-json.ts).
  registerBoundedJsonParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Answers that carry a secret or personal data are never kept by a browser or a shared cache (issue 21 item 5).
  app.addHook('onSend', async (request, reply, payload) => {
    const cacheControl = PRIVATE_PATHS.find(([path]) => path.test(request.url))?.[1];
    if (cacheControl) void reply.header('cache-control', cacheControl);
    return payload;
  });

  // The browser's session cookie (lib/session-cookie.ts) is read and written through @fastify/cookie.
  await app.register(cookie);
  await app.register(securityHeadersPlugin, {
    siteUrl: config.siteUrl,
    // The analytics host, and only it, when ANALYTICS_SCRIPT_URL is set; the browser asks it only after consent.
    scriptOrigins: config.analyticsScriptUrl ? [new URL(config.analyticsScriptUrl).origin] : [],
  });
  await app.register(errorsPlugin);
  await app.register(databasePlugin, { database });
  await app.register(afterAnswerPlugin);
  await app.register(pageRendererPlugin);
  await app.register(publicCachePlugin, { maxBytes: config.publicCacheMaxBytes });
  // Fills missing content documents with their defaults; keeps the published ones in memory.
  await app.register(siteContentPlugin);
  await app.register(storagePlugin, {
    storage: storage ?? (config.s3 ? await createS3Storage(config.s3) : createLocalStorage(config.uploadsDir)),
  });
  // Before every route: with the site's writes off (a move), what would change something answers 503.
  await app.register(writesOffPlugin);
  await app.register(authPlugin, { jwtSecret: config.jwtSecret });
  await app.register(rateLimitPlugin, config.rateLimit);
  await app.register(mailerPlugin, {
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    webhooks: config.webhooks,
    retryBaseSeconds: config.outboxRetryBaseSeconds,
    intervalMs: config.outboxIntervalSeconds * 1000,
    messageIdDomain: messageIdDomain(config.inbound, config.siteUrl),
  });
  await app.register(retentionPlugin, { periods: config.retention, schedule: retentionSchedule });
  await app.register(digestPlugin, { timeZone: config.timeZone, siteUrl: config.siteUrl, schedule: retentionSchedule });
  await app.register(backupsPlugin, {
    config: config.backup,
    scratchDir: scratchDirOf(config.dataDir),
    bucket: config.s3?.bucket,
    schedule: backupSchedule,
    siteUrl: config.siteUrl,
  });
  // After the database, storage and outbox, so it stops before them; one instance of the cluster watches.
  await app.register(inboundPlugin, { config: config.inbound, mail: config, timings: inboundTimings });
  // Before the routes: it collects each route registered after it into GET /api/openapi.json.
  await app.register(openapiPlugin, { siteUrl: config.siteUrl });
  // GET /metrics at the root, and the request-duration hook on every route registered after it.
  await app.register(metricsPlugin, { token: config.metricsToken });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      const account = { login: config.login, siteUrl: config.siteUrl, jwtSecret: config.jwtSecret };
      // Every /api/auth/* route reads bounded JSON (lib/bounded-json.ts), and refuses a write carrying the session
      // cookie from another site (lib/session-cookie.ts).
      await api.register(
        async (auth) => {
          auth.addHook('onRoute', boundEveryRoute);
          auth.addHook('onRequest', refuseCrossSiteCookieWrites(config.siteUrl));
          await auth.register(authRoutes, account);
          await auth.register(passwordRoutes, account);
          await auth.register(twoFactorRoutes, account);
          await auth.register(sessionRoutes, account);
          await auth.register(profileRoutes);
        },
        { prefix: '/auth' },
      );
      await api.register(userRoutes, { prefix: '/users', siteUrl: config.siteUrl });
      await api.register(blogRoutes, { prefix: '/blogs', previewSecret: config.jwtSecret });
      await api.register(jobRoutes, { prefix: '/jobs' });
      await api.register(uploadRoutes, { prefix: '/uploads' });
      await api.register(challengeRoutes, {
        challengeSecret: config.challengeSecret,
        maxnumber: config.challengeMaxnumber,
      });
      await api.register(leadRoutes, { mail: config });
      await api.register(adminLeadRoutes, { prefix: '/admin', delivery: config });
      await api.register(deskRoutes, { prefix: '/admin', timeZone: config.timeZone });
      await api.register(auditRoutes, { prefix: '/admin/audit' });
      await api.register(backupRoutes, {
        prefix: '/admin/backups',
        login: config.login,
        jwtSecret: config.jwtSecret,
      });
      await api.register(finalBackupRoutes, { prefix: '/admin/backups/final' });
      await api.register(privacyRoutes, { prefix: '/admin/privacy' });
      await api.register(mediaRoutes, { prefix: '/admin/media' });
      await api.register(consentAdminRoutes, { prefix: '/admin/consents' });
      await api.register(contentRoutes, { prefix: '/admin/content', previewSecret: config.jwtSecret });
      await api.register(publicContentRoutes, { prefix: '/content' });
      await api.register(consentRoutes, { prefix: '/consent', analyticsScriptUrl: config.analyticsScriptUrl });
    },
    { prefix: '/api' },
  );
  // At the root, outside /api; routes registered here win over the web catch-all.
  await app.register(blogRssRoutes, { siteUrl: config.siteUrl });
  await app.register(formRoutes, {
    mail: config,
    account: { login: config.login, siteUrl: config.siteUrl, jwtSecret: config.jwtSecret },
  });

  return app;
}
