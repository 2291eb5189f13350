// Reading a lead form (JSON or multipart, at most one file) and taking a lead: checked, stored with its
// timeline and its mails. The JSON routes (routes/leads) and the forms posted without JavaScript
// (routes/forms) both call these, so a lead is stored the same way whichever way it came. It reads the
// request itself (multipart parts, Referer, the rate-limit hit), so it lives with the routes, not in services/.
import { randomUUID } from 'node:crypto';
import {
  CV_MAX_BYTES,
  ContactSchema,
  fieldErrors,
  HONEYPOT_FIELD,
  JOB_MESSAGES,
  JobApplicationSchema,
  type LeadKind,
  MESSAGES,
  QUOTE_FILE_MAX_BYTES,
  QuoteRequestSchema,
  type Region,
  requiredMessage,
} from '@agency/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, Invalid, TooLarge, WrongType } from '../../lib/domain-errors.ts';
import { ownOrigins } from '../../lib/same-site.ts';
import { unavailable } from '../../lib/unavailable.ts';
import { parseOr400 } from '../../lib/validate.ts';
import { CV_CONTENT_TYPES, detectCvType, readAttachment } from '../../services/file-type.ts';
import { purgeUsedChallenges } from '../../services/challenge.ts';
import { findOpenJobById } from '../../services/jobs.ts';
import { type FormColumns, type Intake, type IntakeConfig, readIntake, storeLead } from '../../services/lead-intake.ts';
import type { LeadMailInput } from '../../services/leads-mail.ts';
import { currentMailSite } from '../../services/site-details.ts';
import type { RateLimitResult } from '../../services/rate-limit.ts';
import { displayFileName, leadFileKey } from '../../services/leads.ts';

/** Largest JSON body of a lead form: the longest texts are 5000 characters. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Multipart text fields: far above any field's length limit, so zod names the field that is too long. */
export const MULTIPART_LIMITS = {
  fields: 40,
  fieldSize: 64 * 1024,
  files: 1,
  parts: 50,
  headerPairs: 100,
  // Each route lowers this to its own limit + 1 byte; this caps files a route ignores.
  fileSize: QUOTE_FILE_MAX_BYTES + 1,
};
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

interface UploadedFile {
  name: string;
  type: string;
  data: Buffer;
}

interface FileSpec {
  field: 'file' | 'resume';
  maxBytes: number;
  tooLarge: string;
}

interface Form {
  fields: Record<string, unknown>;
  file: UploadedFile | null;
}

/** Text fields of a JSON body; numbers become text so `"phone": 123` is read like the form's "123". */
function jsonFields(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new Invalid(MESSAGES.http.badRequest);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) fields[key] = typeof value === 'number' ? String(value) : value;
  return fields;
}

/**
 * Reads a JSON or multipart form; at most one file (`spec.field`), buffered up to its size limit.
 * Without a spec, files are read past and ignored like any unknown field. The text fields go into
 * `fields` as they arrive, so a caller still has them when the form is refused half-way (a file too large).
 */
async function readForm(
  request: FastifyRequest,
  spec: FileSpec | null,
  fields: Record<string, unknown> = {},
): Promise<Form> {
  if (!request.isMultipart()) return { fields: Object.assign(fields, jsonFields(request.body)), file: null };
  let file: UploadedFile | null = null;
  try {
    // One byte over the limit is enough to know the file is too large; the rest is never buffered.
    const limits = spec ? { fileSize: spec.maxBytes + 1 } : {};
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname))
          fields[part.fieldname] = part.value;
        continue;
      }
      if (!spec || part.fieldname !== spec.field || file) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (data.length > spec.maxBytes) throw new TooLarge(spec.tooLarge, { [spec.field]: spec.tooLarge });
      // Browsers send an empty part named "" when no file was chosen.
      if (data.length > 0) {
        const type = part.mimetype?.toLowerCase() ?? '';
        file = {
          name: displayFileName(part.filename ?? ''),
          type: CONTENT_TYPE.test(type) ? type : 'application/octet-stream',
          data,
        };
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' && spec) throw new TooLarge(spec.tooLarge, { [spec.field]: spec.tooLarge });
    if (
      code === 'FST_REQ_FILE_TOO_LARGE' ||
      code === 'FST_FILES_LIMIT' ||
      code === 'FST_PARTS_LIMIT' ||
      code === 'FST_FIELDS_LIMIT'
    ) {
      throw new TooLarge(MESSAGES.http.tooLarge);
    }
    throw new Invalid(MESSAGES.http.invalidMultipart);
  }
  return { fields, file };
}

/** The lead row's columns describing its stored file (all null without one). */
function fileColumns(key: string | undefined, upload: { name: string; type: string; data: Buffer } | null) {
  return {
    fileKey: key ?? null,
    fileName: upload?.name ?? null,
    fileType: upload?.type ?? null,
    fileSize: upload?.data.length ?? null,
  };
}

/** What a lead intake reads into as it goes: the text fields received (also when the form is refused). */
export type Received = Record<string, unknown>;

/**
 * Each reads the request's form, checks it, stores the lead and queues its mails; returns the lead's id.
 * The JSON routes below and the forms posted without JavaScript (routes/forms) both use them, so a lead
 * is stored the same way whichever way it came. The scope must have multipart with MULTIPART_LIMITS.
 */
export interface LeadTakers {
  /** `region`: the regional form's own page was posted to, so the quote is that region's whatever the body says. */
  quote(request: FastifyRequest, received?: Received, region?: Region): Promise<string>;
  contact(request: FastifyRequest, received?: Received): Promise<string>;
  application(request: FastifyRequest, received?: Received): Promise<string>;
}

/**
 * Where a form posted without JavaScript came from: the `Referer` of the post, when it is a page of this site
 * (SITE_URL's origin or the one the post was sent to, as for the cross-site check), gives the source path and
 * the campaign fields the script would have sent; a source field the form did carry wins. Another site's
 * address, or none, adds nothing.
 */
export function refererSource(request: FastifyRequest, siteUrl: string): Record<string, string> {
  const header = request.headers.referer;
  if (typeof header !== 'string' || header.length > 2048) return {};
  let page: URL;
  try {
    page = new URL(header);
  } catch {
    return {};
  }
  if (!ownOrigins(request, new URL(siteUrl).origin.toLowerCase()).includes(page.origin.toLowerCase())) return {};
  const source: Record<string, string> = { sourcePath: page.pathname };
  for (const [field, param] of [
    ['utmSource', 'utm_source'],
    ['utmMedium', 'utm_medium'],
    ['utmCampaign', 'utm_campaign'],
  ] as const) {
    const value = page.searchParams.get(param);
    if (value) source[field] = value;
  }
  return source;
}

export interface LeadTakerOptions {
  /** The page's own form posted without JavaScript (routes/forms): marked so, its source read from the Referer. */
  withoutJavaScript?: { siteUrl: string };
}

export function createLeadTakers(app: FastifyInstance, mail: IntakeConfig, options: LeadTakerOptions = {}): LeadTakers {
  const native = options.withoutJavaScript;
  /** The source fields and the proof of work of a form; a native post's source from its Referer where it has none. */
  const intakeOf = (request: FastifyRequest, fields: Record<string, unknown>) => {
    if (!native) return readIntake(fields, mail);
    const fromReferer = refererSource(request, native.siteUrl);
    const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''));
    return readIntake({ ...fromReferer, ...given }, mail);
  };
  /** The column every lead's row gets: whether it came without JavaScript. */
  const sentWithoutJavaScript = Boolean(native);

  /**
   * Stores the file, then the lead with its timeline and its outbox rows in one statement (storeLead), before
   * anyone is answered. If that fails the file is removed again, so nothing is half-stored.
   */
  async function saveLead<K extends LeadKind>(
    request: FastifyRequest,
    lead: {
      kind: K;
      id: string;
      file: { key: string; data: Buffer } | null;
      honeypot: boolean;
      intake: Intake;
      mail: Omit<LeadMailInput, 'kind' | 'id'>;
    },
    columns: FormColumns<K>,
  ) {
    let queued = 0;
    try {
      if (lead.file) await app.storage.put(lead.file.key, lead.file.data);
      // The JSON routes leave their rate-limit hit to the lead's statement (plugins/rate-limit.ts).
      const hit = app.takeRateLimitHit(request);
      const limit = hit && { hit, settle: (result: RateLimitResult) => app.settleRateLimit(request, hit, result) };
      // The confirmation is signed with the site's details as published (services/site-details.ts).
      const site = await currentMailSite(app.siteContent, mail.siteUrl);
      const signed = { ...lead, mail: { ...lead.mail, site } };
      ({ queued } = await storeLead(app.database, signed, lead.intake, mail, columns, limit));
    } catch (error) {
      if (lead.file) await app.storage.delete(lead.file.key).catch(() => {});
      if (error instanceof DomainError) throw error;
      request.log.error({ err: error, kind: lead.kind }, 'lead could not be stored');
      throw unavailable();
    }
    if (queued > 0) app.outbox.kick();
    purgeUsedChallenges(app.db).catch((error: unknown) => request.log.warn({ err: error }, 'challenge purge failed'));
  }

  /** Honeypot leads are kept (status spam) so an admin can see them, but no file and no mail. */
  const isSpam = (fields: { [HONEYPOT_FIELD]: string }) => fields[HONEYPOT_FIELD].trim() !== '';

  async function takeQuote(request: FastifyRequest, received: Received = {}, region?: Region): Promise<string> {
    const form = await readForm(
      request,
      { field: 'file', maxBytes: QUOTE_FILE_MAX_BYTES, tooLarge: MESSAGES.quote.fileTooLarge },
      received,
    );
    const quote = parseOr400(QuoteRequestSchema, region ? { ...form.fields, region } : form.fields);
    const intake = await intakeOf(request, form.fields);
    const id = randomUUID();
    const honeypot = isSpam(quote);
    // Any type but a program is accepted (docs/product.md section 6), stored as what its bytes are; it downloads
    // (and is mailed) under a name whose extension says so (leadDownloadName: `run.bat` holding text is `run.txt`).
    const attachment = form.file ? await readAttachment(form.file.data, form.file.type) : null;
    if (attachment?.program) {
      throw new WrongType(MESSAGES.quote.fileExecutable, { file: MESSAGES.quote.fileExecutable });
    }
    const type = attachment?.contentType ?? '';
    const upload = honeypot || !form.file ? null : { ...form.file, type };
    const file = upload ? { key: leadFileKey('quotes', id), data: upload.data } : null;
    const fields = { ...quote, region: quote.region ?? null };
    const fileInfo = upload && { name: upload.name, size: upload.data.length, type: upload.type };
    const lead = { kind: 'quotes' as const, id, file, honeypot, intake, mail: { fields, file: fileInfo } };
    await saveLead(request, lead, {
      fullName: quote.fullName,
      email: quote.email,
      phone: quote.phone,
      companyName: quote.companyName,
      size: quote.size,
      contactMethod: quote.contactMethod,
      services: quote.services,
      description: quote.description,
      budget: quote.budget,
      deadline: quote.deadline,
      source: quote.source,
      additionalDetails: quote.additionalDetails,
      region: fields.region,
      currency: quote.currency,
      ...fileColumns(file?.key, upload),
      sentWithoutJavaScript,
    });
    return id;
  }

  async function takeContact(request: FastifyRequest, received: Received = {}): Promise<string> {
    const form = await readForm(request, null, received);
    const contact = parseOr400(ContactSchema, form.fields);
    const intake = await intakeOf(request, form.fields);
    const id = randomUUID();
    const lead = {
      kind: 'contacts' as const,
      id,
      file: null,
      honeypot: isSpam(contact),
      intake,
      mail: { fields: contact },
    };
    await saveLead(request, lead, {
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      subject: contact.subject,
      message: contact.message,
      sentWithoutJavaScript,
    });
    return id;
  }

  async function takeApplication(request: FastifyRequest, received: Received = {}): Promise<string> {
    const form = await readForm(
      request,
      { field: 'resume', maxBytes: CV_MAX_BYTES, tooLarge: MESSAGES.career.fileTooLarge },
      received,
    );
    const parsed = JobApplicationSchema.safeParse(form.fields);
    const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (!form.file) errors.resume = requiredMessage('resume');
    const firstError = Object.values(errors)[0];
    if (!parsed.success || !form.file || firstError) {
      throw new Invalid(firstError ?? MESSAGES.http.badRequest, errors);
    }
    const cvType = await detectCvType(form.file.data);
    if (!cvType) throw new WrongType(MESSAGES.career.wrongType, { resume: MESSAGES.career.wrongType });

    const application = parsed.data;
    // A posting's application is for that posting, under its title, while it is open.
    const job = application.jobId ? await findOpenJobById(app.db, application.jobId) : null;
    if (application.jobId && !job) {
      throw new Invalid(JOB_MESSAGES.notOpen, { jobId: JOB_MESSAGES.notOpen });
    }
    if (job) application.position = job.title;
    const intake = await intakeOf(request, form.fields);
    const id = randomUUID();
    const honeypot = isSpam(application);
    const upload = honeypot ? null : { ...form.file, type: CV_CONTENT_TYPES[cvType] };
    const file = upload ? { key: leadFileKey('applications', id), data: upload.data } : null;
    const fileInfo = upload && { name: upload.name, size: upload.data.length, type: upload.type };
    const lead = {
      kind: 'applications' as const,
      id,
      file,
      honeypot,
      intake,
      mail: { fields: application, file: fileInfo },
    };
    await saveLead(request, lead, {
      name: application.name,
      contact: application.contact,
      email: application.email,
      town: application.town,
      country: application.country,
      position: application.position,
      salary: application.salary,
      currency: application.currency,
      info: application.info,
      jobId: job?.id ?? null,
      ...fileColumns(file?.key, upload),
      sentWithoutJavaScript,
    });
    return id;
  }

  return { quote: takeQuote, contact: takeContact, application: takeApplication };
}
