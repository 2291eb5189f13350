// JSON-LD builders for search engines (docs/product.md section D7), fed by the one content module.
import { OFFICES, SITE, SOCIAL_LINKS } from '~/content/site';
import { absoluteUrl } from '~/lib/seo';

/** The agency as an Organization with one LocalBusiness per office (home and connect pages). */
export function organizationJsonLd(origin: string = __SITE_URL__) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE.name,
    url: absoluteUrl('/', origin),
    email: SITE.email,
    telephone: SITE.phone,
    logo: absoluteUrl('/favicon.svg', origin),
    sameAs: SOCIAL_LINKS.map((link) => link.href),
    subOrganization: OFFICES.map((office) => ({
      '@type': 'LocalBusiness',
      name: `${SITE.name} — ${office.city}`,
      telephone: office.phone,
      email: SITE.email,
      url: absoluteUrl('/connect', origin),
      address: {
        '@type': 'PostalAddress',
        streetAddress: office.street,
        addressLocality: office.city,
        addressRegion: office.region,
        postalCode: office.postalCode,
        addressCountry: office.countryCode,
      },
    })),
  };
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** FAQPage for every page that shows an FAQ. */
export function faqJsonLd(faqs: readonly FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}

export interface ArticleInput {
  title: string;
  description: string;
  path: string;
  image?: string | null;
  author?: string | null;
  publishedAt?: string | null;
  updatedAt?: string | null;
  origin?: string;
}

/** Article for blog articles and posts. */
export function articleJsonLd({
  title,
  description,
  path,
  image,
  author,
  publishedAt,
  updatedAt,
  origin = __SITE_URL__,
}: ArticleInput) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: title,
    description,
    mainEntityOfPage: absoluteUrl(path, origin),
    ...(image ? { image: image.startsWith('http') ? image : absoluteUrl(image, origin) } : {}),
    author: { '@type': author ? 'Person' : 'Organization', name: author || SITE.name },
    publisher: {
      '@type': 'Organization',
      name: SITE.name,
      logo: { '@type': 'ImageObject', url: absoluteUrl('/favicon.svg', origin) },
    },
    ...(publishedAt ? { datePublished: publishedAt } : {}),
    ...(updatedAt ? { dateModified: updatedAt } : {}),
  };
}
