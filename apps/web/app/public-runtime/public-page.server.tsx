// Which requests get a public page (app/public-runtime) and not React Router's scripts: a route of
// PUBLIC_RUNTIME_ROUTES that rendered without an error, once the public pages' scripts are built
// (vite-plugins/public-pages.ts; `npm run dev` keeps React Router everywhere).
import { renderToString } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import publicPages from 'virtual:public-pages';
import type { PageData } from './page-data';
import { PublicTree } from './public-tree';

export function publicPageOf(context: EntryContext, request: Request): PageData | null {
  const handled = context.staticHandlerContext;
  const leaf = handled.matches.at(-1);
  const page = leaf && publicPages?.[leaf.route.id];
  if (!page || handled.errors) return null;
  const data = handled.loaderData[leaf.route.id];
  const { pathname, search } = new URL(request.url);
  const html = renderToString(
    <PublicTree
      Page={page.Page}
      data={data}
      location={{ pathname, search, hash: '' }}
      type="POP"
      navigate={() => {}}
    />,
  );
  return { entry: page.entry, preload: page.preload, data, html };
}
