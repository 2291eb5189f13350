import type { HomeDocument, ServicesDocument } from '@agency/contract';
import { HomePage } from '~/components/home/home-page';
import { loadDocument, loadPage } from '~/lib/content-loader';
import { organizationJsonLd } from '~/lib/jsonld';
import { jsonLd, documentSeo } from '~/lib/seo';
import type { Route } from './+types/home';

// The home document, the site document, and the services' descriptions for the expertise cards.
export const loader = async (args: Route.LoaderArgs) => {
  const [page, services] = await Promise.all([
    loadPage<HomeDocument>(args, 'home'),
    loadDocument<ServicesDocument>(args, 'services'),
  ]);
  const descriptions = Object.fromEntries(services.data.services.map((service) => [service.slug, service.description]));
  return { ...page, descriptions };
};

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...documentSeo('home', loaderData),
  jsonLd(organizationJsonLd(loaderData?.site)),
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage content={loaderData.content} descriptions={loaderData.descriptions} />;
}
