import { ConnectPage } from '~/components/connect/connect-page';
import { organizationJsonLd } from '~/lib/jsonld';
import { loadSite } from '~/lib/content-loader';
import { nativeAnswerLoader } from '~/lib/native-form';
import { jsonLd, documentSeo } from '~/lib/seo';
import type { Route } from './+types/connect';

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...documentSeo('connect', loaderData),
  jsonLd(organizationJsonLd(loaderData?.site)),
];

// The site document (offices, contact) and the answer to this page's form posted without JavaScript
// (lib/native-form.ts).
export const loader = async (args: Route.LoaderArgs) => ({
  ...(await loadSite(args)),
  answered: nativeAnswerLoader(args),
});

export default function Connect({ loaderData: { answered } }: Route.ComponentProps) {
  return <ConnectPage answered={answered} />;
}
