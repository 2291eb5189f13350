import { CookiesPage } from '~/components/policies/cookies-page';
import type { CookiesDocument } from '@agency/contract';
import { loadPage } from '~/lib/content-loader';
import { documentSeo } from '~/lib/seo';
import type { Route } from './+types/cookies';

export const loader = (args: Route.LoaderArgs) => loadPage<CookiesDocument>(args, 'cookies');

export const meta = ({ loaderData }: Route.MetaArgs) => documentSeo('cookies', loaderData);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CookiesPage content={loaderData.content} />;
}
