import type { ServicesDocument } from '@agency/contract';
import { ServicesPage } from '~/components/services/services-page';
import { loadPage } from '~/lib/content-loader';
import { documentSeo } from '~/lib/seo';
import type { Route } from './+types/services';

export const loader = (args: Route.LoaderArgs) => loadPage<ServicesDocument>(args, 'services');

export const meta = ({ loaderData }: Route.MetaArgs) => documentSeo('services', loaderData);

export default function Services({ loaderData }: Route.ComponentProps) {
  return <ServicesPage content={loaderData.content} />;
}
