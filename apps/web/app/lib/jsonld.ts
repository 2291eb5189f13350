// JSON-LD builders for search engines (docs/product.md section D7), fed by the one content module.
import { jobPath, type Job, type JobLocation, type PackagesDocument, type SiteDocument } from '@agency/contract';
import { OFFICES, SITE } from '@agency/contract/content/site.ts';
import { absoluteUrl } from '~/lib/seo';
import { DEFAULT_SITE } from '~/lib/site-content';

/** The agency as an Organization with one LocalBusiness per office (home and connect pages). */
export function organizationJsonLd(site: SiteDocument = DEFAULT_SITE, origin: string = __SITE_URL__) {
  const SITE = site;
  const OFFICES = site.offices;
  const SOCIAL_LINKS = site.socialLinks;
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
  /** The post's tags. */
  keywords?: readonly string[];
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
  keywords,
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
    ...(keywords?.length ? { keywords: keywords.join(', ') } : {}),
  };
}

/** The office a job location names; remote work has none. */
const OFFICE_OF_LOCATION: Record<JobLocation, string | null> = {
  london: 'london',
  kent: 'kent',
  kathmandu: 'kathmandu',
  remote: null,
};

/**
 * JobPosting for /career/<slug>, with every property Google requires (title, description, datePosted,
 * hiringOrganization, jobLocation, or applicantLocationRequirements with TELECOMMUTE) and recommends
 * (validThrough, employmentType, baseSalary, identifier, directApply).
 */
export function jobPostingJsonLd(job: Job, origin: string = __SITE_URL__) {
  const officeId = OFFICE_OF_LOCATION[job.location];
  const office = OFFICES.find((candidate) => candidate.id === officeId);
  const countries = [...new Set(OFFICES.map((candidate) => candidate.country))];
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.descriptionHtml,
    datePosted: job.datePosted,
    validThrough: job.validThrough,
    employmentType: job.employmentType,
    identifier: { '@type': 'PropertyValue', name: SITE.name, value: job.id },
    hiringOrganization: {
      '@type': 'Organization',
      name: SITE.name,
      sameAs: absoluteUrl('/', origin),
      logo: absoluteUrl('/favicon.svg', origin),
    },
    ...(office
      ? {
          jobLocation: {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              streetAddress: office.street,
              addressLocality: office.city,
              addressRegion: office.region,
              postalCode: office.postalCode,
              addressCountry: office.countryCode,
            },
          },
        }
      : {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: countries.map((name) => ({ '@type': 'Country', name })),
        }),
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: job.salaryCurrency,
      value: {
        '@type': 'QuantitativeValue',
        minValue: job.salaryMin,
        maxValue: job.salaryMax,
        unitText: job.salaryUnit,
      },
    },
    directApply: true,
    url: absoluteUrl(jobPath(job.slug), origin),
  };
}

/** The packages page's plans as offers with their prices, by category. */
export function packagesJsonLd(
  packages: PackagesDocument,
  site: SiteDocument = DEFAULT_SITE,
  origin: string = __SITE_URL__,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: packages.hero.title,
    url: absoluteUrl('/packages', origin),
    itemListElement: packages.categories.map((category) => ({
      '@type': 'OfferCatalog',
      name: category.name,
      itemListElement: packages.plans
        .filter((plan) => plan.category === category.id)
        .map((plan) => ({
          '@type': 'Offer',
          name: plan.name === category.name ? plan.name : `${category.name} ${plan.name}`,
          description: plan.description,
          price: plan.price,
          priceCurrency: plan.currency,
          seller: { '@type': 'Organization', name: site.name },
        })),
    })),
  };
}
