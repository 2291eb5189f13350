import type { PolicyDocument } from '@agency/contract';
import { PrivacyPolicy } from '~/components/policies/privacy-policy';
import { loadPage } from '~/lib/content-loader';
import { documentSeo } from '~/lib/seo';
import type { Route } from './+types/privacy';

export const loader = (args: Route.LoaderArgs) => loadPage<PolicyDocument>(args, 'privacy');

export const meta = ({ loaderData }: Route.MetaArgs) => documentSeo('privacy', loaderData);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PrivacyPolicy privacy={loaderData.content} />;
}
