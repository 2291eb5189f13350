// Publish checks of a content document (issue 23, item 4; issue 31): what must hold before a draft goes live.
// Every link is well formed (a web address, a path, mailto: or tel: with something after it, never javascript:)
// and a link to this site resolves to one of its pages or files, every image has a description, Markdown headings keep their order
// under the page's own, required fields are filled and prices are numbers (the document's schema), and the
// structured data the page writes (Organization offices, FAQPage, package offers) is still valid.
import {
  ACCOUNT_PATHS,
  BUILT_IN_ARTICLES,
  CONTENT_CURRENCIES,
  CONTENT_DOCUMENTS,
  fieldLabel,
  THANK_YOU,
  UPLOADED_IMAGES_PATH,
  type ContentCheck,
  type ContentDocumentEntry,
} from '@agency/contract';
import { type Db, sql } from '@agency/db';

type Json = Record<string, unknown>;

/** Pages of the site that no content document names: the blog, the forms, the thank-you pages. */
const FIXED_PATHS = [
  '/',
  '/blog',
  '/connect',
  '/career',
  '/quote-uk',
  '/quote-nepal',
  '/register',
  '/accept-invite',
  '/robots.txt',
  '/blog/rss.xml',
  '/sitemap.xml',
  ...Object.values(ACCOUNT_PATHS),
  ...Object.values(THANK_YOU).map((page) => page.path),
  ...BUILT_IN_ARTICLES.map((article) => `/blog/${article.slug}`),
];

/**
 * Files the site serves, which a document may point to: its public directory, and the media library's images
 * (the API's uploads, as the library inserts them) and files.
 */
const STATIC_PREFIXES = [
  '/images/',
  '/favicon',
  '/fonts/',
  '/uploads/',
  '/files/',
  `${UPLOADED_IMAGES_PATH}/`,
  '/api/media/',
];

/** Every path of the site now: the pages, the visible posts, the open job openings. */
export async function sitePaths(db: Db): Promise<Set<string>> {
  const rows = (
    (await db.execute(sql`
      select '/blog/' || slug as path from blogs
        where status = 'published' or (status = 'scheduled' and published_at <= now())
      union all
      select '/career/' || slug from jobs where status = 'open' and valid_through > now()
    `)) as unknown as { rows: { path: string }[] }
  ).rows;
  return new Set([
    ...FIXED_PATHS,
    ...CONTENT_DOCUMENTS.flatMap((entry) => entry.paths),
    ...rows.map((row) => row.path.toLowerCase()),
  ]);
}

const MARKDOWN_LINK = /(!?)\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const HEADING = /^(#{1,6})\s+\S/gm;

/** Walks every string of a document with its path (`plans.2.price`). */
function* strings(value: unknown, path: string[] = []): Generator<[string[], string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value))
    for (const [index, item] of value.entries()) yield* strings(item, [...path, String(index)]);
  else if (value && typeof value === 'object')
    for (const [name, item] of Object.entries(value)) yield* strings(item, [...path, name]);
}

/** Every object of a document with its path. */
function* objects(value: unknown, path: string[] = []): Generator<[string[], Json]> {
  if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* objects(item, [...path, String(index)]);
  else if (value && typeof value === 'object') {
    yield [path, value as Json];
    for (const [name, item] of Object.entries(value)) yield* objects(item, [...path, name]);
  }
}

const LINK_FIELDS = new Set(['to', 'href', 'src', 'paths']);

function internalTarget(link: string): string | null {
  if (!link.startsWith('/') || link.startsWith('//')) return null;
  const target = link.split(/[?#]/)[0] ?? '/';
  return target.toLowerCase().replace(/(.)\/$/, '$1');
}

/** Why a link is not one a visitor can follow, or null: its form, before where it goes. */
export function linkFormProblem(link: string): string | null {
  const text = link.trim();
  if (/^(?:java|vb)script:/i.test(text.replace(/\s/g, '').replace(/\p{Cc}/gu, '')))
    return `The link ${text} runs a script: use a web address or a page of this site.`;
  if (/^mailto:/i.test(text))
    return /^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$/i.test(text.split('?')[0] ?? '')
      ? null
      : `The link ${text} needs an e-mail address after mailto:.`;
  if (/^tel:/i.test(text))
    return /^tel:\+?[\d\s().-]{3,}$/i.test(text) ? null : `The link ${text} needs a phone number after tel:.`;
  if (text.startsWith('#') || (text.startsWith('/') && !text.startsWith('//'))) return null;
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      if (url.hostname.includes('.') || url.hostname === 'localhost') return null;
    } catch {
      // Not a URL: named below.
    }
  }
  return `The link ${text} is not a web address (https://…), a page of this site (/…), mailto: or tel:.`;
}

function checkLink(link: string, known: Set<string>): string | null {
  const form = linkFormProblem(link);
  if (form) return form;
  const target = internalTarget(link);
  if (target === null) return null;
  if (STATIC_PREFIXES.some((prefix) => target.startsWith(prefix))) return null;
  return known.has(target) ? null : `The link ${link} goes to no page of this site.`;
}

type Unlabelled = Omit<ContentCheck, 'label'>;

/** The schema's own rules: required fields, limits, prices that are numbers. */
export function schemaChecks(entry: ContentDocumentEntry, data: unknown): Unlabelled[] {
  const result = entry.schema.safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ field: issue.path.join('.') || 'data', message: issue.message }));
}

function structuredDataChecks(entry: ContentDocumentEntry, data: Json): Unlabelled[] {
  const checks: Unlabelled[] = [];
  if (entry.key === 'site') {
    const offices = Array.isArray(data.offices) ? (data.offices as Json[]) : [];
    offices.forEach((office, index) => {
      for (const name of ['street', 'city', 'postalCode', 'countryCode', 'phone'])
        if (typeof office[name] !== 'string' || !String(office[name]).trim())
          checks.push({
            field: `offices.${index}.${name}`,
            message: `The office's ${name} is missing from its Organization data.`,
          });
      if (typeof office.phone === 'string' && !/^\+?[\d\s()-]{5,}$/.test(office.phone))
        checks.push({
          field: `offices.${index}.phone`,
          message: 'A phone number has only digits, spaces, +, ( ) and -.',
        });
    });
  }
  if (entry.key === 'packages') {
    const plans = Array.isArray(data.plans) ? (data.plans as Json[]) : [];
    plans.forEach((plan, index) => {
      if (typeof plan.price !== 'number' || !Number.isFinite(plan.price))
        checks.push({ field: `plans.${index}.price`, message: 'The price must be a number for its Offer data.' });
      if (!CONTENT_CURRENCIES.includes(plan.currency as never))
        checks.push({
          field: `plans.${index}.currency`,
          message: 'The currency must be GBP or NPR for its Offer data.',
        });
    });
  }
  if (entry.key.startsWith('service/')) {
    const faqs = Array.isArray(data.faqs) ? (data.faqs as Json[]) : [];
    faqs.forEach((faq, index) => {
      if (
        typeof faq.question !== 'string' ||
        !faq.question.trim() ||
        typeof faq.answer !== 'string' ||
        !faq.answer.trim()
      )
        checks.push({ field: `faqs.${index}`, message: 'Every question of the FAQPage data needs its answer.' });
    });
  }
  return checks;
}

/**
 * Every reason `data` may not go live as the document `entry`; empty when it may. `known` is the site's paths
 * (sitePaths), read once per request.
 */
export function publishChecks(entry: ContentDocumentEntry, data: unknown, known: Set<string>): ContentCheck[] {
  const checks = schemaChecks(entry, data);
  if (!data || typeof data !== 'object') return checks.map((check) => ({ ...check, label: 'The whole document' }));
  for (const [path, text] of strings(data)) {
    const field = path.join('.');
    const name = path.findLast((part) => !/^\d+$/.test(part)) ?? '';
    if (LINK_FIELDS.has(name)) {
      const problem = checkLink(text, known);
      if (problem) checks.push({ field, message: problem });
    }
    for (const [, image, text_, target] of text.matchAll(MARKDOWN_LINK)) {
      if (image && !text_?.trim())
        checks.push({ field, message: `The image ${target} needs a description (the text in its brackets).` });
      const problem = target ? checkLink(target, known) : null;
      if (problem) checks.push({ field, message: problem });
    }
    // The page gives the document's Markdown its h1 and section h2s: a heading inside starts at h3, one level at a time.
    let previous = 2;
    for (const [, hashes] of text.matchAll(HEADING)) {
      const level = hashes?.length ?? 0;
      if (level < 3)
        checks.push({ field, message: `A heading here starts at ### (the page's own headings come first).` });
      else if (level > previous + 1)
        checks.push({ field, message: `The heading levels skip from ${previous} to ${level}: keep their order.` });
      previous = level;
    }
  }
  for (const [path, object] of objects(data)) {
    if (typeof object.src === 'string' && 'width' in object && (typeof object.alt !== 'string' || !object.alt.trim()))
      checks.push({ field: [...path, 'alt'].join('.'), message: 'Every image needs a description.' });
  }
  checks.push(...structuredDataChecks(entry, data as Json));
  // One message per field and problem, each named as the form names its field.
  const seen = new Set<string>();
  return checks
    .filter((check) => {
      const id = `${check.field}\n${check.message}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .map((check) => ({
      field: check.field,
      label: fieldLabel(entry.schema, data, check.field),
      message: check.message,
    }));
}
