import type { PackagesDocument } from '@agency/contract';
import { PackagesPage } from '~/components/packages/packages-page';
import { loadPage } from '~/lib/content-loader';
import { packagesJsonLd } from '~/lib/jsonld';
import { jsonLd, documentSeo } from '~/lib/seo';
import type { Route } from './+types/packages';

// The packages document (categories, plans, prices) as published, or its draft through a preview link.
export const loader = (args: Route.LoaderArgs) => loadPage<PackagesDocument>(args, 'packages');

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...documentSeo('packages', loaderData),
  ...(loaderData ? [jsonLd(packagesJsonLd(loaderData.content, loaderData.site))] : []),
];

export default function Packages({ loaderData }: Route.ComponentProps) {
  return <PackagesPage content={loaderData.content} />;
}
