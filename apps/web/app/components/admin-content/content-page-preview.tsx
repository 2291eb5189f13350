// A content document's page beside its editor (page-frame.tsx): the page component its route draws, given the
// draft as it is typed, its Markdown rendered as the page's loader renders it (lib/content-loader.ts; here with the
// editor's renderer, markdown-preview.ts), and what else the page shows as published (the site document, the
// services' descriptions on the home page, the open job openings on Careers).
import {
  type AboutDocument,
  type CareerDocument,
  type ContentDocumentEntry,
  type CookiesDocument,
  type HomeDocument,
  JobSchema,
  mapMarkdownFields,
  type PackagesDocument,
  type PolicyDocument,
  type QuoteDocument,
  type ServicePageDocument,
  type ServicesDocument,
  type SiteDocument,
} from '@agency/contract';
import { type ReactNode, useDeferredValue, useMemo } from 'react';
import { z } from 'zod';
import { AboutPage } from '~/components/about/about-page';
import { CareerPage } from '~/components/career/career-page';
import { ConnectPage } from '~/components/connect/connect-page';
import { HomePage } from '~/components/home/home-page';
import { PackagesPage } from '~/components/packages/packages-page';
import { CookiesPage } from '~/components/policies/cookies-page';
import { PrivacyPolicy } from '~/components/policies/privacy-policy';
import { TermsPanels } from '~/components/policies/terms-panels';
import { QuotePage } from '~/components/quote/quote-page';
import { ServiceLandingPage } from '~/components/service-landing/service-landing-page';
import { ServicesPage } from '~/components/services/services-page';
import { useApiQuery } from '~/lib/api-query';
import { usePublishedSite } from '~/lib/site-content';
import { renderMarkdown } from './markdown-preview';
import { PageFrame } from './page-frame';

const PublishedServicesSchema = z.object({
  data: z.object({ services: z.array(z.object({ slug: z.string(), description: z.string() })) }),
});
const OpenJobsSchema = z.array(JobSchema);

/** The page of `key` drawn from `content` (its Markdown already HTML). */
function PageOf({ documentKey, content }: { documentKey: string; content: unknown }): ReactNode {
  // What else a page shows, read only for the page that shows it.
  const services = useApiQuery(documentKey === 'home' ? '/content/services' : null, PublishedServicesSchema);
  const jobs = useApiQuery(documentKey === 'career' ? '/jobs' : null, OpenJobsSchema);
  if (documentKey.startsWith('service/')) return <ServiceLandingPage content={content as ServicePageDocument} />;
  switch (documentKey) {
    case 'home': {
      const list = services.data?.data.services ?? [];
      const descriptions = Object.fromEntries(list.map((service) => [service.slug, service.description]));
      return <HomePage content={content as HomeDocument} descriptions={descriptions} />;
    }
    case 'site':
      return <ConnectPage answered={null} />;
    case 'about':
      return <AboutPage content={content as AboutDocument} />;
    case 'services':
      return <ServicesPage content={content as ServicesDocument} />;
    case 'packages':
      return <PackagesPage content={content as PackagesDocument} />;
    case 'career':
      return <CareerPage content={content as CareerDocument} jobs={jobs.data ?? []} answered={null} />;
    case 'quote':
      return <QuotePage content={content as QuoteDocument} />;
    case 'privacy':
      return <PrivacyPolicy privacy={content as PolicyDocument} />;
    case 'terms':
      return <TermsPanels terms={content as PolicyDocument} />;
    case 'cookies':
      return <CookiesPage content={content as CookiesDocument} />;
    default:
      return null;
  }
}

export function ContentPagePreview({
  entry,
  value,
  onTextClick,
}: {
  entry: ContentDocumentEntry;
  /** The form's draft, as typed. */
  value: unknown;
  onTextClick: (text: string) => void;
}) {
  // Typing stays quick on a long page: the page follows a moment behind when it must.
  const draft = useDeferredValue(value);
  const content = useMemo(() => mapMarkdownFields(entry.schema, draft, renderMarkdown), [entry.schema, draft]);
  const published = usePublishedSite(null);
  const site = entry.key === 'site' ? (content as SiteDocument) : published;
  return (
    <PageFrame title={`Preview of ${entry.paths[0]}`} site={site} draft={draft} onTextClick={onTextClick}>
      <PageOf documentKey={entry.key} content={content} />
    </PageFrame>
  );
}
