import type { AboutDocument } from '@agency/contract';
import { AboutPage } from '~/components/about/about-page';
import { loadPage } from '~/lib/content-loader';
import { documentSeo } from '~/lib/seo';
import type { Route } from './+types/about';

export const loader = (args: Route.LoaderArgs) => loadPage<AboutDocument>(args, 'about');

export const meta = ({ loaderData }: Route.MetaArgs) => documentSeo('about', loaderData);

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutPage content={loaderData.content} />;
}
