// One route module for all twelve service landing pages: the path picks the catalogue entry and its prose.
// The prose is the route's data (inside the prerendered HTML, or /<path>.data on a client navigation), so
// the browser never downloads the other eleven services' prose with this page's script.
import { data } from 'react-router';
import { ServiceLandingPage } from '~/components/service-landing/service-landing-page';
import { pageByPath } from '~/content/pages';
import type { ServicePageDocument } from '@agency/contract';
import { serviceByPath } from '@agency/contract/content/services.ts';
import { loadPage } from '~/lib/content-loader';
import { faqJsonLd } from '~/lib/jsonld';
import { documentSeoInput, jsonLd, seo } from '~/lib/seo';
import { htmlText } from '~/lib/text';
import type { Route } from './+types/service-landing';

const normalise = (pathname: string) => pathname.toLowerCase().replace(/(.)\/$/, '$1');

// The page's document, `service/<slug>` (published, or its draft through a preview link), and the site's.
export const loader = async (args: Route.LoaderArgs) => {
  const service = serviceByPath(normalise(new URL(args.request.url).pathname));
  // Every catalogue path has a document (content/defaults.test.ts checks it), so this never hides a page.
  if (!service) throw data(null, { status: 404 });
  return loadPage<ServicePageDocument>(args, `service/${service.slug}`);
};

export const meta = ({ location, loaderData }: Route.MetaArgs) => {
  const entry = pageByPath(location.pathname);
  if (!entry || !loaderData) return [];
  // The answers' text: the loader rendered their Markdown to HTML for the page.
  const faqs = loaderData.content.faqs.map((faq) => ({ question: faq.question, answer: htmlText(faq.answer) }));
  return [...seo({ ...entry, ...documentSeoInput(loaderData) }), jsonLd(faqJsonLd(faqs))];
};

export default function ServiceLanding({ loaderData: { content } }: Route.ComponentProps) {
  return <ServiceLandingPage content={content} />;
}
