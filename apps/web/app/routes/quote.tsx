import type { QuoteDocument } from '@agency/contract';
import { loadPage } from '~/lib/content-loader';
import { QuotePage } from '~/components/quote/quote-page';
import { documentSeo } from '~/lib/seo';
import type { Route } from './+types/quote';

export const loader = (args: Route.LoaderArgs) => loadPage<QuoteDocument>(args, 'quote');

export const meta = ({ loaderData }: Route.MetaArgs) => documentSeo('quote', loaderData);

export default function QuoteChooser({ loaderData }: Route.ComponentProps) {
  return <QuotePage content={loaderData.content} />;
}
