import type { PolicyDocument } from '@agency/contract';
import { TermsPanels } from '~/components/policies/terms-panels';
import { loadPage } from '~/lib/content-loader';
import { documentSeo } from '~/lib/seo';
import type { Route } from './+types/terms';

export const loader = (args: Route.LoaderArgs) => loadPage<PolicyDocument>(args, 'terms');

export const meta = ({ loaderData }: Route.MetaArgs) => documentSeo('terms', loaderData);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <TermsPanels terms={loaderData.content} />;
}
