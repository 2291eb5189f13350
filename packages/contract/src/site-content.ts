// The site's editable content (issue 23, docs/decisions/0020-site-content-documents.md): one typed document
// per page or part of the site, checked by its zod schema here, stored in the database (published version,
// at most one draft, revisions) and rendered by the layouts in code. The default of every document (today's
// texts) is in content/defaults.ts. The admin builds its forms from these schemas: every field carries
// `.meta({ kind, label })` (kind: text, markdown, link, image, price, currency, date, email, choice).
import { z } from 'zod';
import { BLOG_SEO_DESCRIPTION_LENGTH, BLOG_SEO_TITLE_LENGTH } from './blog-options.ts';
import { SERVICES_CATALOGUE } from './content/services.ts';
import { invalidTextMessage, requiredMessage, tooLongMessage } from './fields.ts';
import { isCleanText } from './text.ts';
import { defOf } from './zod-def.ts';

/** Limits of a content document's fields. */
export const CONTENT_LIMITS = {
  /** A heading, a label, a name. */
  line: 200,
  /** A paragraph of plain text. */
  paragraph: 2000,
  /** A Markdown field. */
  markdown: 20_000,
  /** Items in one list (plans, FAQs, sections…). */
  items: 60,
  url: 2000,
  /** Highest price, in the currency's unit. */
  price: 10_000_000,
  /** A whole document, as JSON. */
  documentBytes: 512 * 1024,
} as const;

/** Currencies a price may be in. */
export const CONTENT_CURRENCIES = ['GBP', 'NPR'] as const;
export type ContentCurrency = (typeof CONTENT_CURRENCIES)[number];

export type ContentFieldKind =
  'text' | 'paragraph' | 'markdown' | 'link' | 'image' | 'price' | 'currency' | 'date' | 'email' | 'choice' | 'id';

const cleanString = (label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input == null ? requiredMessage(label) : `${label} must be text.`) })
    .max(max, tooLongMessage(label, max))
    .refine(isCleanText, invalidTextMessage(label));

/** A required one-line text. */
export const textField = (label: string, max: number = CONTENT_LIMITS.line) =>
  cleanString(label, max)
    .trim()
    .min(1, requiredMessage(label))
    .meta({ kind: 'text' satisfies ContentFieldKind, label });

/** A required paragraph of plain text. */
export const paragraphField = (label: string, max: number = CONTENT_LIMITS.paragraph) =>
  cleanString(label, max)
    .trim()
    .min(1, requiredMessage(label))
    .meta({ kind: 'paragraph' satisfies ContentFieldKind, label });

const SCRIPTING = /<(script|style|iframe|object|embed|template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const TAG = /<\/?[a-z][^>]*>/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)|<![a-z[][^>]*>?|<\?[^>]*>?/gi;
/** A scheme that runs script when followed: `javascript:` (also with spaces or control characters inside). */
const SCRIPT_SCHEME = /(?:java|vb)[\s\p{Cc}]*script[\s\p{Cc}]*:/giu;
/** A character written as an entity that Markdown or a browser decodes (`&#106;` is `j`): ASCII ones are decoded. */
const ASCII_ENTITY = /&#(?:x0*([0-9a-f]{1,2})|0*(\d{1,3}));?|&(colon|tab|newline);/gi;
const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n' };
const decodeAscii = (text: string) =>
  text.replace(
    ASCII_ENTITY,
    (whole, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
      if (name) return NAMED[name.toLowerCase()] ?? whole;
      const code = hex ? parseInt(hex, 16) : Number(decimal);
      return code < 128 ? String.fromCharCode(code) : whole;
    },
  );
/** What is left that a browser could still read as the start of a tag (`<img` without its `>`): shown as text. */
const TAG_START = /<(?=[a-z/!?])/gi;

/**
 * Markdown as staff write it, without HTML: ASCII characters written as entities are decoded, then scripts (with
 * their content), comments, every tag and every `javascript:` scheme are removed, until nothing changes, so `<<b>img onerror=…>` cannot leave a tag behind
 * once its inner one is gone; a `<` that could still open a tag is then written `&lt;` (Markdown shows it as
 * `<`). Stripping again changes nothing (a fixed point). Posts are sanitized when rendered (markdown.ts).
 */
export function stripHtml(markdown: string): string {
  let text = markdown;
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = decodeAscii(text).replace(SCRIPTING, '').replace(COMMENT, '').replace(TAG, '').replace(SCRIPT_SCHEME, '');
  }
  return text.replace(TAG_START, '&lt;');
}

/** A required Markdown field; scripts and HTML tags are stripped. */
export const markdownField = (label: string, max: number = CONTENT_LIMITS.markdown) =>
  cleanString(label, max)
    .transform(stripHtml)
    .pipe(z.string().trim().min(1, requiredMessage(label)))
    .meta({ kind: 'markdown' satisfies ContentFieldKind, label });

/** A link: a path of this site (`/packages`, `/privacy#cookies`), a mailto:, or an https:// address. */
export const linkField = (label: string) =>
  cleanString(label, CONTENT_LIMITS.url)
    .trim()
    .regex(
      /^(?:\/(?!\/)\S*|https?:\/\/\S+|mailto:\S+|tel:\S+)$/,
      `${label} must be a path of this site (/…) or a web address.`,
    )
    .meta({ kind: 'link' satisfies ContentFieldKind, label });

/**
 * A field only a developer changes (an id, a colour): the admin's form keeps it under "Advanced", closed. `help`
 * is the line under it.
 */
const advanced = <T extends z.ZodType>(schema: T, help?: string): T =>
  schema.meta({ ...schema.meta(), advanced: true, ...(help ? { help } : {}) }) as T;

/** A field with a help line under it, where its label alone does not say what it is for. */
const helped = <T extends z.ZodType>(schema: T, help: string): T => schema.meta({ ...schema.meta(), help }) as T;

const idField = (label: string) =>
  advanced(
    cleanString(label, 80)
      .regex(/^[a-z0-9][a-z0-9-]*$/, `${label} must be lowercase letters, digits and hyphens.`)
      .meta({ kind: 'id' satisfies ContentFieldKind, label }),
    'Lowercase letters, digits and hyphens; links and the page’s code use it, so change it with care.',
  );

const priceField = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .finite(`${label} must be a number.`)
    .min(0, `${label} cannot be negative.`)
    .max(CONTENT_LIMITS.price, `${label} is at most ${CONTENT_LIMITS.price}.`)
    .meta({ kind: 'price' satisfies ContentFieldKind, label });

const dateField = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD).` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`)
    .meta({ kind: 'date' satisfies ContentFieldKind, label });

const choice = <T extends readonly [string, ...string[]]>(label: string, options: T) =>
  z.enum(options, `${label} must be one of: ${options.join(', ')}.`).meta({ kind: 'choice', label });

/** A list of at most CONTENT_LIMITS.items items. */
const listOf = <T extends z.ZodType>(label: string, item: T, min = 0) =>
  z
    .array(item, `${label} must be a list.`)
    .min(min, `${label} needs at least ${min} item${min === 1 ? '' : 's'}.`)
    .max(CONTENT_LIMITS.items, `${label} has at most ${CONTENT_LIMITS.items} items.`)
    .meta({ label });

/** An image of the site's own files: where it is, its description (required), its size in pixels. */
export const imageField = (label: string) =>
  z
    .object({
      src: linkField('Image address'),
      alt: helped(
        textField('Image description', 300),
        'What the image shows, for people who cannot see it (screen readers read it aloud).',
      ),
      width: z.number().int().min(1).max(10_000),
      height: z.number().int().min(1).max(10_000),
    })
    .meta({
      kind: 'image' satisfies ContentFieldKind,
      label,
      help: 'Choose it from the media library; at least 1200 pixels wide reads sharp on every screen.',
    });

const cta = (label: string) =>
  z.object({ label: textField(`${label} label`, 80), to: linkField(`${label} link`) }).meta({ label });
const titled = (label: string) =>
  z.object({ title: textField(`${label} title`), text: paragraphField(`${label} text`) }).meta({ label });
const hero = () =>
  z.object({ title: textField('Heading'), lead: paragraphField('Introduction') }).meta({ label: 'Hero' });

/**
 * The page's title and description in search results and when it is shared (og:/twitter: tags), as for posts;
 * a field left out keeps the page's usual text (apps/web/app/content/pages.ts).
 */
const seoFields = () =>
  z
    .object({
      title: helped(
        textField('Title in search results', BLOG_SEO_TITLE_LENGTH),
        'The page’s link in Google and when shared; empty: the page’s usual title.',
      ).optional(),
      description: helped(
        paragraphField('Description in search results', BLOG_SEO_DESCRIPTION_LENGTH),
        'The two lines under the link in search results; empty: the page’s usual text.',
      ).optional(),
    })
    .meta({ label: 'Search and sharing' })
    .optional()
    .meta({ label: 'Search and sharing' });

// --- The documents -----------------------------------------------------------------------------------------

export const SiteDocumentSchema = z.object({
  name: textField('Agency name', 120),
  shortName: helped(textField('Short name', 60), 'Where the full name does not fit, e.g. on a phone’s home screen.'),
  tagline: textField('Tagline'),
  email: z
    .email('Contact address must be an e-mail address.')
    .max(254)
    .meta({ kind: 'email', label: 'Contact address' }),
  phone: textField('Main phone', 40),
  inquirySubject: helped(
    textField('Subject of inquiry e-mails', 120),
    'The subject line of the e-mail a visitor starts with the “Mail us” buttons.',
  ),
  offices: listOf(
    'Offices',
    z.object({
      id: idField('Office id'),
      city: textField('City', 120),
      country: textField('Country', 120),
      countryCode: z
        .string()
        .regex(/^[A-Z]{2}$/, 'Country code must be two capital letters (GB, NP).')
        .meta({ kind: 'text', label: 'Country code', help: 'Two capital letters: GB, NP.' }),
      street: textField('Street', 200),
      postalCode: textField('Postal code', 20),
      region: textField('Region', 120),
      phone: textField('Phone', 40),
    }),
    1,
  ),
  socialLinks: listOf('Social links', z.object({ name: textField('Network', 60), href: linkField('Profile address') })),
});

export const HomeDocumentSchema = z.object({
  hero: z.object({
    eyebrow: helped(textField('Eyebrow'), 'The short line above the heading.'),
    title: textField('Heading'),
    lead: paragraphField('Introduction'),
    cta: cta('Button'),
    secondaryCta: cta('Second button'),
  }),
  expertise: z.object({
    title: textField('Heading'),
    lead: paragraphField('Introduction'),
    paths: listOf('Services shown', linkField('Service page'), 1),
  }),
  tableOrder: z.object({
    title: textField('Heading'),
    lead: paragraphField('Introduction'),
    steps: listOf('Steps', titled('Step'), 1),
    cta: cta('Button'),
    image: imageField('Illustration'),
  }),
  mission: z.object({ title: textField('Heading'), text: listOf('Paragraphs', markdownField('Paragraph'), 1) }),
  whyChooseUs: z.object({ title: textField('Heading'), reasons: listOf('Reasons', titled('Reason'), 1) }),
  techStack: z.object({ title: textField('Heading'), items: listOf('Technologies', textField('Technology', 80)) }),
  seo: seoFields(),
});

export const AboutDocumentSchema = z.object({
  hero: hero(),
  sections: listOf(
    'Sections',
    z.object({
      id: idField('Anchor'),
      title: textField('Heading'),
      paragraphs: listOf('Paragraphs', markdownField('Paragraph'), 1),
      points: listOf('Points', titled('Point')).optional(),
    }),
    1,
  ),
  seo: seoFields(),
});

export const ServicesDocumentSchema = z.object({
  hero: hero(),
  services: listOf(
    'Services',
    z.object({
      slug: choice(
        'Service',
        SERVICES_CATALOGUE.map((service) => service.slug) as unknown as readonly [string, ...string[]],
      ),
      description: paragraphField('Description', 500),
    }),
  ),
  seo: seoFields(),
});

export const PACKAGE_CATEGORY_IDS = ['business', 'ecommerce', 'restaurant'] as const;
export const PLAN_COLOURS = ['blue', 'indigo', 'violet', 'emerald', 'amber'] as const;

export const PackagesDocumentSchema = z.object({
  hero: hero(),
  categories: listOf(
    'Categories',
    z.object({
      id: advanced(choice('Category', PACKAGE_CATEGORY_IDS), 'Which of the site’s categories this is.'),
      name: textField('Category name', 80),
      description: paragraphField('Category description'),
    }),
    1,
  ),
  plans: listOf(
    'Plans',
    z.object({
      id: idField('Plan id'),
      category: helped(
        choice('Category', PACKAGE_CATEGORY_IDS),
        'The tab of the packages page the plan is shown under.',
      ),
      name: textField('Plan name', 80),
      price: priceField('Price'),
      currency: choice('Currency', CONTENT_CURRENCIES),
      description: paragraphField('Plan description'),
      features: listOf('Features', textField('Feature'), 1),
      colour: advanced(choice('Colour', PLAN_COLOURS), 'The colour of the plan’s card.'),
    }),
    1,
  ),
  inclusions: z.object({ title: textField('Heading'), items: listOf('Included', textField('Inclusion')) }),
  seo: seoFields(),
});

export const CareerDocumentSchema = z.object({
  intro: z.object({ heading: textField('Heading'), lead: paragraphField('Introduction'), body: markdownField('Text') }),
  reasons: listOf('Reasons', z.object({ title: textField('Reason title'), body: paragraphField('Reason text') })),
  positionSummaries: z.record(z.string().max(120), paragraphField('Position summary', 500)),
  locationsNote: paragraphField('Locations note'),
  apply: z.object({ heading: textField('Heading'), body: paragraphField('Text') }),
  seo: seoFields(),
});

export const QuoteDocumentSchema = z.object({
  hero: hero(),
  regions: listOf(
    'Regions',
    z.object({
      to: choice('Form', ['/quote-uk', '/quote-nepal'] as const),
      title: textField('Region'),
      currency: textField('Currency line'),
      text: paragraphField('Text'),
    }),
    1,
  ),
  seo: seoFields(),
});

const card = z.object({ title: textField('Card title'), body: paragraphField('Card text') });
export const ServicePageDocumentSchema = z.object({
  hero: z.object({
    eyebrow: helped(textField('Eyebrow'), 'The short line above the heading.'),
    title: textField('Heading'),
    intro: paragraphField('Introduction'),
    mailLabel: textField('Mail button label', 80),
    connectLabel: textField('Contact link label', 80).optional(),
    image: imageField('Illustration'),
  }),
  sections: listOf(
    'Sections',
    z.object({
      id: idField('Anchor'),
      heading: textField('Heading'),
      intro: paragraphField('Introduction').optional(),
      layout: advanced(choice('Layout', ['cards', 'list'] as const), 'Cards side by side, or a list.'),
      items: listOf('Items', card, 1),
      image: imageField('Illustration').optional(),
    }),
  ),
  faqs: listOf(
    'Questions',
    z.object({ question: textField('Question', 300), answer: markdownField('Answer', CONTENT_LIMITS.paragraph) }),
  ),
  closing: z.object({ heading: textField('Heading'), body: paragraphField('Text'), label: textField('Button', 80) }),
  seo: seoFields(),
});

/** A paragraph (Markdown) or a bulleted list. */
const policyBlock = z.union([
  markdownField('Paragraph'),
  z.object({ list: listOf('List', markdownField('List item'), 1) }),
]);
const policySections = listOf(
  'Sections',
  z.object({ id: idField('Anchor'), title: textField('Heading'), body: listOf('Blocks', policyBlock, 1) }),
  1,
);

export const PolicyDocumentSchema = z.object({
  /** Set by the server when the policy is published. */
  lastUpdated: dateField('Last updated'),
  intro: markdownField('Introduction'),
  sections: policySections,
  seo: seoFields(),
});

export const CookiesDocumentSchema = z.object({
  lastUpdated: dateField('Last updated'),
  intro: markdownField('Introduction'),
  tabs: listOf(
    'Tabs',
    z.object({
      id: advanced(choice('Tab', ['what', 'types', 'controls', 'table'] as const), 'Which tab of the page this is.'),
      label: textField('Tab label', 80),
      body: listOf('Blocks', policyBlock, 1),
    }),
    1,
  ),
  table: listOf(
    'Cookies',
    z.object({
      name: textField('Cookie name', 120),
      purpose: paragraphField('Purpose', 500),
      type: choice('Type', ['Essential', 'Analytics', 'Advertising'] as const),
      duration: textField('Duration', 80),
    }),
  ),
  seo: seoFields(),
});

export type SiteDocument = z.output<typeof SiteDocumentSchema>;
export type HomeDocument = z.output<typeof HomeDocumentSchema>;
export type AboutDocument = z.output<typeof AboutDocumentSchema>;
export type ServicesDocument = z.output<typeof ServicesDocumentSchema>;
export type PackagesDocument = z.output<typeof PackagesDocumentSchema>;
export type CareerDocument = z.output<typeof CareerDocumentSchema>;
export type QuoteDocument = z.output<typeof QuoteDocumentSchema>;
export type ServicePageDocument = z.output<typeof ServicePageDocumentSchema>;
export type PolicyDocument = z.output<typeof PolicyDocumentSchema>;
export type CookiesDocument = z.output<typeof CookiesDocumentSchema>;

// --- The registry ------------------------------------------------------------------------------------------

export interface ContentDocumentEntry {
  key: string;
  title: string;
  /** The public pages that show it (first: the page to preview). */
  paths: readonly string[];
  /** Shown on every public page (the header and footer): an edit re-renders them all. */
  everyPage?: boolean;
  /** A policy: `lastUpdated` is set to the day it is published. */
  dated?: boolean;
  schema: z.ZodType;
}

/** Every editable document: key → schema, title, the public paths it appears on. */
export const CONTENT_DOCUMENTS: readonly ContentDocumentEntry[] = [
  {
    key: 'site',
    title: 'Site: name, contact, offices, social links',
    paths: ['/connect', '/'],
    everyPage: true,
    schema: SiteDocumentSchema,
  },
  { key: 'home', title: 'Home page', paths: ['/'], schema: HomeDocumentSchema },
  { key: 'about', title: 'About Us', paths: ['/about'], schema: AboutDocumentSchema },
  { key: 'services', title: 'Our Services', paths: ['/services'], schema: ServicesDocumentSchema },
  { key: 'packages', title: 'Packages and prices', paths: ['/packages'], schema: PackagesDocumentSchema },
  { key: 'career', title: 'Careers', paths: ['/career'], schema: CareerDocumentSchema },
  { key: 'quote', title: 'Request a Quote', paths: ['/quote'], schema: QuoteDocumentSchema },
  ...SERVICES_CATALOGUE.map((service) => ({
    key: `service/${service.slug}`,
    title: `Service: ${service.name}`,
    paths: [service.path],
    schema: ServicePageDocumentSchema,
  })),
  { key: 'privacy', title: 'Privacy Policy', paths: ['/privacy'], dated: true, schema: PolicyDocumentSchema },
  {
    key: 'terms',
    title: 'Terms and Conditions',
    paths: ['/terms-conditions'],
    dated: true,
    schema: PolicyDocumentSchema,
  },
  { key: 'cookies', title: 'Cookie Policy', paths: ['/cookies'], dated: true, schema: CookiesDocumentSchema },
];

export const CONTENT_KEYS = CONTENT_DOCUMENTS.map((entry) => entry.key);

export const contentDocument = (key: string): ContentDocumentEntry | undefined =>
  CONTENT_DOCUMENTS.find((entry) => entry.key === key);

/** The documents a public path shows (its own, and those on every page). */
export const contentKeysForPath = (pathname: string): string[] => {
  const path = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  return CONTENT_DOCUMENTS.filter((entry) => entry.everyPage || entry.paths.includes(path)).map((entry) => entry.key);
};

// --- Reading a document by its schema ------------------------------------------------------------------------

/**
 * The document with each value its schema marks as Markdown (`markdownField`) passed through `map`, every other
 * value as it is (a value the schema does not describe is kept). A union takes the first option the value fits.
 */
export function mapMarkdownFields(schema: z.ZodType, value: unknown, map: (markdown: string) => string): unknown {
  if (schema.meta()?.kind === 'markdown') return typeof value === 'string' ? map(value) : value;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value) || !def.shape) return value;
      const shape = def.shape;
      return Object.fromEntries(
        Object.entries(value).map(([name, item]) => [
          name,
          shape[name] ? mapMarkdownFields(shape[name], item, map) : item,
        ]),
      );
    }
    case 'array':
      return Array.isArray(value) && def.element
        ? value.map((item) => mapMarkdownFields(def.element as z.ZodType, item, map))
        : value;
    case 'record':
      return value && typeof value === 'object' && def.valueType
        ? Object.fromEntries(
            Object.entries(value).map(([name, item]) => [
              name,
              mapMarkdownFields(def.valueType as z.ZodType, item, map),
            ]),
          )
        : value;
    case 'union': {
      const option = def.options?.find((candidate) => candidate.safeParse(value).success);
      return option ? mapMarkdownFields(option, value, map) : value;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return value == null || !def.innerType ? value : mapMarkdownFields(def.innerType, value, map);
    case 'pipe':
      return def.in ? mapMarkdownFields(def.in, value, map) : value;
    default:
      return value;
  }
}

// --- The API -----------------------------------------------------------------------------------------------

export const CONTENT_MESSAGES = {
  notFound: 'No such content document.',
  revisionNotFound: 'No such revision of this document.',
  stale: (who: string, when: string) =>
    `This document was changed by ${who} at ${when} since you opened it. Reload it to see their change before saving yours.`,
  noDraft: 'There is no draft to publish.',
  checksFailed: 'The draft does not pass the publish checks.',
  overrideAdminOnly: 'Only an administrator may publish despite failing checks.',
  publishAtPast: 'The publication time must be in the future.',
} as const;

export const CONTENT_STATUSES = ['published', 'draft', 'scheduled'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** One failed publish check: the field (path in the document, dot-separated), its label, and what is wrong. */
export const ContentCheckSchema = z.object({
  field: z.string().describe('Path of the field in the document, e.g. `plans.2.price`'),
  label: z.string().describe('The field as the form names it, with its place: "Plans → Starter → Price"'),
  message: z.string(),
});
export type ContentCheck = z.infer<typeof ContentCheckSchema>;

/** 422 answer of a refused publish. */
export const ContentChecksFailedSchema = z.object({ error: z.string(), checks: z.array(ContentCheckSchema) });

const who = z.string().nullable().describe('Name of the account that made the change; null: the installation');

export const ContentListItemSchema = z.object({
  key: z.string(),
  title: z.string(),
  paths: z.array(z.string()),
  status: z.enum(CONTENT_STATUSES).describe('draft: a draft waits; scheduled: a publication is due'),
  updatedAt: z.string().describe('ISO 8601'),
  updatedBy: who,
});
export const ContentListSchema = z.object({ items: z.array(ContentListItemSchema) });
export type ContentListItem = z.infer<typeof ContentListItemSchema>;

/** Someone else who has a document open in the editor, and since when. */
export const ContentEditorPresenceSchema = z.object({
  name: z.string(),
  since: z.string().describe('ISO 8601: when they opened it'),
});
export type ContentEditorPresence = z.infer<typeof ContentEditorPresenceSchema>;
export const ContentPresenceAnswerSchema = z.object({ editors: z.array(ContentEditorPresenceSchema) });

/** An editor's heartbeat lasts this long: one who sends none for this long is no longer shown as editing. */
export const CONTENT_PRESENCE_TTL_SECONDS = 30;
/** How often an open editor sends its heartbeat (and reads who else is there). */
export const CONTENT_PRESENCE_HEARTBEAT_SECONDS = 10;

export const ContentDocumentAnswerSchema = z.object({
  key: z.string(),
  title: z.string(),
  paths: z.array(z.string()),
  version: z.number().int().describe('Send it back with the next draft save or publish'),
  published: z.record(z.string(), z.unknown()).describe('The document the public sees'),
  publishedAt: z.string().nullable(),
  draft: z.record(z.string(), z.unknown()).nullable().describe('The draft, or null'),
  scheduledAt: z.string().nullable().describe('When the draft is due to be published, or null'),
  updatedAt: z.string(),
  updatedBy: who,
  checks: z.array(ContentCheckSchema).describe('Publish checks of the draft (empty: it may be published)'),
  editors: z
    .array(ContentEditorPresenceSchema)
    .describe('Who else has the document open now (from their heartbeats), earliest first; never the caller'),
});
export type ContentDocumentAnswer = z.infer<typeof ContentDocumentAnswerSchema>;

export const ContentKeyParamsSchema = z.object({
  key: z
    .string()
    .max(200)
    .refine((key) => CONTENT_KEYS.includes(key), CONTENT_MESSAGES.notFound)
    .describe('Document key, e.g. `packages` or `service/cloud-services` (URL-encoded slash)'),
});

export const ContentDraftBodySchema = z.object({
  version: z.number({ error: 'Version must be a number.' }).int().min(0).describe('The version the editor opened'),
  data: z.unknown().describe('The whole document, checked by its schema'),
});
export const ContentVersionAnswerSchema = z.object({ version: z.number().int(), updatedAt: z.string() });

export const ContentPublishBodySchema = z.object({
  version: z.number({ error: 'Version must be a number.' }).int().min(0),
  publishAt: z.iso
    .datetime({ offset: true, error: 'Publication time must be an ISO 8601 date and time.' })
    .optional()
    .describe('Publish later (scheduled); omitted: now'),
  override: z.boolean().optional().describe('Admins only: publish although checks fail (audited)'),
});
export const ContentPublishAnswerSchema = z.object({
  version: z.number().int(),
  status: z.enum(['published', 'scheduled']),
  publishedAt: z.string(),
  overridden: z.array(ContentCheckSchema).describe('Checks an admin published despite'),
});

export const ContentPreviewAnswerSchema = z.object({
  url: z.string().describe('Signed link to the page as the draft will look; noindex'),
  expiresAt: z.string(),
});

export const ContentRevisionSchema = z.object({
  id: z.uuid(),
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: who,
  data: z.record(z.string(), z.unknown()),
});
export const ContentRevisionListSchema = z.object({ items: z.array(ContentRevisionSchema) });
export type ContentRevision = z.infer<typeof ContentRevisionSchema>;

export const CONTENT_RESTORE_TARGETS = ['published', 'draft'] as const;
export const ContentRestoreBodySchema = z
  .object({
    to: z
      .enum(CONTENT_RESTORE_TARGETS, 'Restore to must be published or draft.')
      .default('published')
      .describe('published: the revision goes live now (the draft is kept); draft: it becomes the draft to edit'),
  })
  .describe('Where the revision goes (omitted: published)');
export const ContentRestoreAnswerSchema = z.object({
  version: z.number().int(),
  status: z.enum(['published', 'draft']),
  publishedAt: z.string(),
  draft: z.record(z.string(), z.unknown()).nullable().describe('The draft after the restore'),
  published: z.record(z.string(), z.unknown()).describe('The published version after the restore'),
});

export const ContentRevisionParamsSchema = z.object({
  key: ContentKeyParamsSchema.shape.key,
  id: z.uuid(CONTENT_MESSAGES.revisionNotFound).toLowerCase(),
});

/** How long a content preview link works. */
export const CONTENT_PREVIEW_TTL_SECONDS = 60 * 60;
/** The query parameter of a content preview link. */
export const CONTENT_PREVIEW_PARAM = 'preview';
