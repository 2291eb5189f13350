// The one typed, validated configuration of the server. A bad value stops the process with its name.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { REPLY_RATE_DEFAULTS, SPAM_CHALLENGE_MODES, type SpamChallengeMode, WEBHOOK_PAYLOADS } from '@agency/contract';
import { DEFAULT_RETENTION_PERIODS, RETENTION_DEFAULT_DAYS, type RetentionPeriods } from '@agency/contract';
import { z } from 'zod';
import { CHALLENGE_MAXNUMBER } from './services/challenge.ts';
import { type InboundConfig, parseImapUrl } from './services/inbound-address.ts';
import type { S3StorageOptions } from './services/s3-storage.ts';
import { isSlackUrl, type WebhookConfig, webhookKey } from './services/webhooks.ts';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().min(1);
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);
const optionalEmail = optionalString.pipe(z.email().optional());
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** An IPv4/IPv6 address or CIDR range, or one of proxy-addr's names for the private ranges. */
const isProxyAddress = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: how many proxies stand in front (`1`), or which addresses they have (`10.0.0.0/8, ::1`).
 * Either way the client is the first address not trusted, read from the right of X-Forwarded-For.
 * `true` (trust every entry, so the leftmost, which the client writes) is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, context): TrustProxy => {
    if (!value || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (value !== 'true' && entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message:
        value === 'true'
          ? 'true would trust every X-Forwarded-For entry, including the one the client writes; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8,192.168.1.5)'
          : 'must be the number of proxies in front (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8,192.168.1.5)',
    });
    return z.NEVER;
  });

/** True for a time zone name Intl knows (Europe/London, Asia/Kathmandu, UTC). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SITE_URL: optionalString.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  WEB_BUILD_DIR: z.string().min(1).default('apps/web/build'),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().min(3).default('Agency website <no-reply@localhost>'),
  OUTBOX_RETRY_BASE_SECONDS: z.coerce.number().positive().max(3600).default(5),
  OUTBOX_INTERVAL_SECONDS: z.coerce.number().positive().max(3600).default(2),
  LEADS_TO: optionalEmail,
  LEADS_TO_UK: optionalEmail,
  LEADS_TO_NEPAL: optionalEmail,
  // Reply-To of the replies staff send from a lead; without it, the staff member's own address.
  REPLY_TO: optionalEmail,
  // The agency's mailbox that answers come back to (issue 32): imaps://user:pass@host/INBOX, and its address.
  INBOUND_IMAP_URL: optionalString,
  INBOUND_ADDRESS: optionalEmail,
  INBOUND_PLUS_ADDRESSING: bool,
  // Replies staff may send in an hour, to one lead and from one account.
  REPLIES_PER_LEAD_PER_HOUR: positiveInt.default(REPLY_RATE_DEFAULTS.perLeadPerHour),
  REPLIES_PER_ACCOUNT_PER_HOUR: positiveInt.default(REPLY_RATE_DEFAULTS.perAccountPerHour),
  // The staff digest goes out at 09:00 here; an IANA zone name.
  TIME_ZONE: z
    .string()
    .trim()
    .default('Europe/London')
    .refine(isTimeZone, 'must be an IANA time zone name, e.g. Europe/London or Asia/Kathmandu'),
  RATE_LIMIT_MAX: positiveInt.default(10),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  CONFIRMATION_MAIL_INTERVAL_HOURS: positiveInt.default(24),
  LOGIN_MAX_FAILURES: positiveInt.default(5),
  LOGIN_WINDOW_SECONDS: positiveInt.default(900),
  RETENTION_DAYS_QUOTES: positiveInt.default(RETENTION_DEFAULT_DAYS.quotes),
  RETENTION_DAYS_CONTACTS: positiveInt.default(RETENTION_DEFAULT_DAYS.contacts),
  RETENTION_DAYS_APPLICATIONS: positiveInt.default(RETENTION_DEFAULT_DAYS.applications),
  // Loaded in visitors' browsers after analytics consent only; the CSP allows this one origin.
  ANALYTICS_SCRIPT_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  // Checked loosely (AWS's older buckets allow capitals and `_`): this catches `s3://bucket` and
  // `bucket/folder`, the usual mistakes.
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9._-]{3,255}$/i, 'must be a bucket name alone (letters, digits, . _ -), not a URL or path')
      .optional(),
  ),
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  // The SDK must sign with some region; us-east-1 is what MinIO expects by default, and R2 accepts it.
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool,
  SPAM_CHALLENGE: z.enum(SPAM_CHALLENGE_MODES).default('score'),
  CHALLENGE_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // The largest secret number of a challenge: the visitor's work. The tests set a small one (test/app.ts).
  CHALLENGE_MAXNUMBER: positiveInt.max(10_000_000).default(CHALLENGE_MAXNUMBER),
  WEBHOOK_URLS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be comma-separated http:// or https:// URLs' }))),
  WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .refine(
        (value) => !value.startsWith('whsec_') || /^whsec_[A-Za-z0-9+/]{20,}={0,2}$/.test(value),
        'must be whsec_ followed by base64 (at least 15 bytes), or any other value of at least 24 characters',
      )
      .refine((value) => value.startsWith('whsec_') || value.length >= 24, 'must be at least 24 characters')
      .optional(),
  ),
  WEBHOOK_PAYLOAD: z.enum(WEBHOOK_PAYLOADS).default('minimal'),
  // Off unless set: hours between scheduled backups (one instance of the cluster takes each).
  BACKUP_INTERVAL_HOURS: optionalString.pipe(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'must be a number of hours, e.g. 24')
      .transform(Number)
      .pipe(z.number().positive('must be more than 0').max(8760, 'must be at most 8760 (a year)'))
      .optional(),
  ),
  BACKUP_DIR: optionalString,
  BACKUP_S3_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9/_.-]*$/i, 'must be a key prefix in S3_BUCKET (letters, digits, / _ . -), e.g. backups/')
      .refine((value) => !value.includes('..'), 'must not contain ..')
      .optional(),
  ),
  BACKUP_KEEP: positiveInt.default(14),
  // Memory the public page cache holds at most, per instance (MiB).
  PUBLIC_CACHE_MAX_MB: positiveInt.max(4096, 'must be at most 4096').default(64),
  // age public keys (age1…, comma-separated): every archive is encrypted to them; restore with --identity.
  BACKUP_ENCRYPTION_RECIPIENTS: optionalString.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().regex(/^age1[0-9a-z]+$/, 'must be age public keys (age1…), separated by commas'))
          .min(1, 'must hold at least one age public key (age1…)'),
      )
      .optional(),
  ),
  // GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`, and not at all without it.
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
});

/** Rules that tie variables together, reported on the variable to set. */
const CheckedEnvSchema = EnvSchema.superRefine((env, context) => {
  const missing = (name: keyof typeof env, message: string) =>
    context.addIssue({ code: 'custom', path: [name], message });
  // Half a key pair would quietly fall back to the SDK's own credential chain.
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) {
    missing('S3_SECRET_ACCESS_KEY', 'is required with S3_ACCESS_KEY_ID');
  }
  if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) {
    missing('S3_ACCESS_KEY_ID', 'is required with S3_SECRET_ACCESS_KEY');
  }
  // Without S3_BUCKET the files would quietly go to local disk, which several instances do not share.
  const s3Setting = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find((name) => env[name]);
  if (s3Setting && !env.S3_BUCKET) missing('S3_BUCKET', `is required when ${s3Setting} is set`);
  // An unsigned event could be sent by anyone who learns the URL; Slack URLs carry their own secret.
  if (env.WEBHOOK_URLS.some((url) => !isSlackUrl(url)) && !env.WEBHOOK_SECRET) {
    missing('WEBHOOK_SECRET', 'is required when WEBHOOK_URLS has a URL other than a Slack incoming webhook');
  }
  if (env.INBOUND_IMAP_URL) {
    try {
      parseImapUrl(env.INBOUND_IMAP_URL);
    } catch (error) {
      const message = error instanceof TypeError ? 'must be a URL, e.g. imaps://user:pass@mail.example.com/INBOX' : '';
      missing('INBOUND_IMAP_URL', message || (error as Error).message);
    }
    if (!env.INBOUND_ADDRESS) missing('INBOUND_ADDRESS', 'is required with INBOUND_IMAP_URL (the mailbox’s address)');
  }
  if (env.BACKUP_S3_PREFIX && !env.S3_BUCKET) missing('S3_BUCKET', 'is required when BACKUP_S3_PREFIX is set');
  if (env.BACKUP_S3_PREFIX && env.BACKUP_DIR) {
    missing('BACKUP_DIR', 'cannot be set together with BACKUP_S3_PREFIX (backups go to one place)');
  }
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) missing('JWT_SECRET', 'is required when NODE_ENV=production');
  // Several instances must check each other's challenges, so production names the key.
  if (env.NODE_ENV === 'production' && env.SPAM_CHALLENGE !== 'off' && !env.CHALLENGE_SECRET) {
    missing('CHALLENGE_SECRET', 'is required when NODE_ENV=production (unless SPAM_CHALLENGE=off)');
  }
});

/** Environment variables as strings, the way the process receives them. */
export type Env = Partial<Record<keyof z.input<typeof EnvSchema>, string>>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  jwtSecret: string;
  siteUrl: string;
  logLevel: string;
  trustProxy: TrustProxy;
  webBuildDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** A mail or webhook that failed is tried again after 2×, 4×, 8×… this many seconds, at most an hour. */
  outboxRetryBaseSeconds: number;
  /** Pause between the outbox's passes over due mail and webhooks (OUTBOX_INTERVAL_SECONDS). */
  outboxIntervalSeconds: number;
  leadsTo: { default: string | undefined; uk: string | undefined; nepal: string | undefined };
  /** Reply-To of staff replies (REPLY_TO); undefined: the staff member's own address. */
  replyTo: string | undefined;
  /** The mailbox answers come back to (INBOUND_*); undefined: replies keep REPLY_TO or the staff member's address. */
  inbound: InboundConfig | undefined;
  /** REPLIES_PER_LEAD_PER_HOUR, REPLIES_PER_ACCOUNT_PER_HOUR */
  replyLimits: { perLeadPerHour: number; perAccountPerHour: number };
  /** IANA zone of the 09:00 staff digest (TIME_ZONE). */
  timeZone: string;
  rateLimit: { max: number; windowSeconds: number };
  login: { maxFailures: number; windowSeconds: number };
  /** Days each kind of lead is kept (privacy.ts in the contract). */
  retention: RetentionPeriods;
  /** Self-hosted analytics (Plausible, Umami…), loaded only after the visitor consents to analytics. */
  analyticsScriptUrl: string | undefined;
  /** A visitor's address gets at most one confirmation mail per this many hours. */
  confirmationIntervalHours: number;
  /** Set when S3_BUCKET is: files then go to the bucket instead of uploadsDir. */
  s3: S3StorageOptions | undefined;
  spamChallenge: SpamChallengeMode;
  /** HMAC key of the proof-of-work challenges. */
  challengeSecret: string;
  /** Largest secret number of a proof-of-work challenge (CHALLENGE_MAXNUMBER). */
  challengeMaxnumber: number;
  webhooks: WebhookConfig;
  backup: BackupConfig;
  /** Bearer token of GET /metrics; undefined: the route answers 404. */
  metricsToken: string | undefined;
  /** Bytes the public page cache holds at most (PUBLIC_CACHE_MAX_MB). */
  publicCacheMaxBytes: number;
}

export interface BackupConfig {
  /** Hours between scheduled backups; undefined: no schedule (backups are taken by hand). */
  intervalHours: number | undefined;
  /** Where archives are kept: a directory (BACKUP_DIR, default DATA_DIR/backups) or a prefix in S3_BUCKET. */
  dir: string;
  s3Prefix: string | undefined;
  /** Archives kept; older ones are deleted after each scheduled backup. */
  keep: number;
  /** age public keys every archive is encrypted to; undefined: archives are not encrypted. */
  recipients?: string[] | undefined;
}

/** false: no proxy (the socket's address); a number of proxies in front; or the proxies' addresses/ranges. */
export type TrustProxy = false | number | string[];

export class ConfigError extends Error {}

/** Reads and checks the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = CheckedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${String(issue.path[0])}=${JSON.stringify(source[String(issue.path[0])] ?? '')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    jwtSecret: env.JWT_SECRET ?? developmentSecret(env.NODE_ENV, dataDir, 'JWT_SECRET', 'jwt-secret'),
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    webBuildDir: path.resolve(env.WEB_BUILD_DIR),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    outboxRetryBaseSeconds: env.OUTBOX_RETRY_BASE_SECONDS,
    outboxIntervalSeconds: env.OUTBOX_INTERVAL_SECONDS,
    leadsTo: { default: env.LEADS_TO, uk: env.LEADS_TO_UK, nepal: env.LEADS_TO_NEPAL },
    replyTo: env.REPLY_TO,
    inbound:
      env.INBOUND_IMAP_URL && env.INBOUND_ADDRESS
        ? {
            imap: parseImapUrl(env.INBOUND_IMAP_URL),
            address: env.INBOUND_ADDRESS,
            plusAddressing: env.INBOUND_PLUS_ADDRESSING,
          }
        : undefined,
    replyLimits: {
      perLeadPerHour: env.REPLIES_PER_LEAD_PER_HOUR,
      perAccountPerHour: env.REPLIES_PER_ACCOUNT_PER_HOUR,
    },
    timeZone: env.TIME_ZONE,
    rateLimit: { max: env.RATE_LIMIT_MAX, windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS },
    login: { maxFailures: env.LOGIN_MAX_FAILURES, windowSeconds: env.LOGIN_WINDOW_SECONDS },
    retention: {
      ...DEFAULT_RETENTION_PERIODS,
      quotes: env.RETENTION_DAYS_QUOTES,
      contacts: env.RETENTION_DAYS_CONTACTS,
      applications: env.RETENTION_DAYS_APPLICATIONS,
    },
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL,
    confirmationIntervalHours: env.CONFIRMATION_MAIL_INTERVAL_HOURS,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    spamChallenge: env.SPAM_CHALLENGE,
    challengeSecret:
      env.CHALLENGE_SECRET ??
      // Production without one means SPAM_CHALLENGE=off: challenges are still answered but never checked.
      (env.NODE_ENV === 'production'
        ? randomBytes(32).toString('base64url')
        : developmentSecret(env.NODE_ENV, dataDir, 'CHALLENGE_SECRET', 'challenge-secret')),
    challengeMaxnumber: env.CHALLENGE_MAXNUMBER,
    webhooks: {
      urls: env.WEBHOOK_URLS,
      secret: env.WEBHOOK_SECRET ? webhookKey(env.WEBHOOK_SECRET) : undefined,
      payload: env.WEBHOOK_PAYLOAD,
    },
    backup: {
      intervalHours: env.BACKUP_INTERVAL_HOURS,
      dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      s3Prefix: env.BACKUP_S3_PREFIX ? `${env.BACKUP_S3_PREFIX.replace(/\/+$/, '')}/` : undefined,
      keep: env.BACKUP_KEEP,
      recipients: env.BACKUP_ENCRYPTION_RECIPIENTS,
    },
    metricsToken: env.METRICS_TOKEN,
    publicCacheMaxBytes: env.PUBLIC_CACHE_MAX_MB * 1024 * 1024,
  };
}

/** Outside production a missing secret (JWT_SECRET, CHALLENGE_SECRET) is generated once and kept in DATA_DIR. */
function developmentSecret(nodeEnv: string, dataDir: string, name: string, fileName: string): string {
  if (nodeEnv === 'production') {
    throw new ConfigError(`Invalid configuration:\n  ${name}: is required when NODE_ENV=production`);
  }
  const file = path.join(dataDir, fileName);
  try {
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (error) {
    throw dataDirError(dataDir, error);
  }
}

const dataDirError = (dataDir: string, error: unknown) =>
  new ConfigError(
    `DATA_DIR=${JSON.stringify(dataDir)} cannot be written (${(error as { code?: string }).code ?? String(error)}): ` +
      'it must be a directory this process can create and write to',
  );

/** Stops the start with one line naming DATA_DIR when the embedded database or the files cannot live there. */
export function assertDataDirWritable(dataDir: string): void {
  const probe = path.join(dataDir, `.write-test-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, 'ok');
    rmSync(probe);
  } catch (error) {
    throw dataDirError(dataDir, error);
  }
}
