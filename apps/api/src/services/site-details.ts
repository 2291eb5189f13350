// The site's own details in the mails (issue 31, item 6): its name, offices, phone, e-mail and social links come
// from the published `site` content document, as on every page, so an office's new address reaches the mails the
// moment it is published. The installation's default stands in while the stored document is unreadable. Whoever
// builds a mail reads them once (mailSiteOf, currentMailSite) and hands them to the mail's builder as a value.
import { CONTENT_DEFAULTS } from '@agency/contract/content/defaults.ts';
import { type SiteDocument, SiteDocumentSchema } from '@agency/contract';

export type SiteDetails = Pick<SiteDocument, 'name' | 'email' | 'phone' | 'offices' | 'socialLinks'>;

/** Details already read, by the document data they were read from (published data is never changed in place). */
const readDetails = new WeakMap<object, SiteDetails>();
let defaultDetails: SiteDetails | undefined;

/**
 * The site's details from a `site` document's data (the default where it is missing or unreadable). The same
 * data gives the same details without checking it again: every lead's confirmation reads them, and the check
 * of the whole document costs more than writing the lead's mails (docs/performance.md). Treat them as read-only.
 */
export function siteDetailsOf(data: unknown): SiteDetails {
  const known = typeof data === 'object' && data !== null ? readDetails.get(data) : undefined;
  if (known) return known;
  const parsed = SiteDocumentSchema.safeParse(data);
  const details = parsed.success ? parsed.data : (defaultDetails ??= SiteDocumentSchema.parse(CONTENT_DEFAULTS.site));
  if (typeof data === 'object' && data !== null) readDetails.set(data, details);
  return details;
}

/** The site as a mail names it: its published details and the origin of the mail's links (SITE_URL). */
export interface MailSite extends SiteDetails {
  url: string;
}

/** A MailSite from a `site` document's data and the site's origin. */
export const mailSiteOf = (data: unknown, url: string): MailSite => ({ ...siteDetailsOf(data), url });

/** The published documents as the app keeps them in memory (plugins/site-content.ts). */
export interface PublishedDocuments {
  current(): Promise<Map<string, { data: unknown }>>;
}

/** The site as published now, from the documents in memory (no query of its own): read once per mail or batch. */
export async function currentMailSite(siteContent: PublishedDocuments, url: string): Promise<MailSite> {
  return mailSiteOf((await siteContent.current()).get('site')?.data, url);
}

/** The lines a mail ends with: the name, each office with its phone, the e-mail and main phone, site, networks. */
export function mailSignature(site: SiteDetails, siteUrl: string): string {
  const offices = site.offices.map((office) => {
    const address = [office.street, `${office.postalCode} ${office.city}`.trim(), office.country]
      .filter((part) => part.trim() !== '')
      .join(', ');
    return `${office.city} office: ${address}${office.phone ? `, ${office.phone}` : ''}`;
  });
  return [
    site.name,
    ...offices,
    `${site.email} · ${site.phone}`,
    ...(siteUrl ? [siteUrl] : []),
    ...site.socialLinks.map((link) => `${link.name}: ${link.href}`),
  ].join('\n');
}
