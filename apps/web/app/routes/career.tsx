import type { CareerDocument } from '@agency/contract';
import { CareerPage } from '~/components/career/career-page';
import { loadPage } from '~/lib/content-loader';
import { nativeAnswerLoader } from '~/lib/native-form';
import { documentSeo } from '~/lib/seo';
import type { Route } from './+types/career';

export const meta = ({ loaderData }: Route.MetaArgs) => documentSeo('career', loaderData);

// Rendered per request: the open job openings come from the database and must be in the HTML; a form
// posted without JavaScript comes back with its answer (lib/native-form.ts).
export async function loader(args: Route.LoaderArgs) {
  const [page, jobs] = await Promise.all([loadPage<CareerDocument>(args, 'career'), args.context.jobs.listOpen()]);
  return { ...page, jobs, answered: nativeAnswerLoader(args) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CareerPage content={loaderData.content} jobs={loaderData.jobs} answered={loaderData.answered} />;
}
