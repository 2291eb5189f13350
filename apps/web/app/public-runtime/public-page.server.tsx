// Which requests get a public page (app/public-runtime) and not React Router's scripts: a route of
// PUBLIC_RUNTIME_ROUTES that rendered without an error, once the public pages' scripts are built
// (vite-plugins/public-pages.ts; `npm run dev` keeps React Router everywhere). The page is rendered as HTML that
// is never hydrated, except its islands (island.tsx): each is rendered on its own, with its own identifierPrefix,
// into the element the page's render left for it, as the browser hydrates it (runtime.ts).
import { renderToString } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import publicPages from 'virtual:public-pages';
import { type CollectedIsland, IslandCollectorContext, IslandFrame, NothingAfter } from './island';
import { ISLAND_MARKER, islandPrefix } from './island-names';
import type { PageData } from './page-data';
import { PublicTree } from './public-tree';

export function publicPageOf(context: EntryContext, request: Request): PageData | null {
  const handled = context.staticHandlerContext;
  const leaf = handled.matches.at(-1);
  const page = leaf && publicPages?.[leaf.route.id];
  if (!page || handled.errors) return null;
  const data = handled.loaderData[leaf.route.id];
  const { pathname, search } = new URL(request.url);
  const location = { pathname, search, hash: '' };
  const islands: CollectedIsland[] = [];
  const html = renderToString(
    <IslandCollectorContext.Provider value={islands}>
      <PublicTree Page={page.Page} data={data} location={location} type="POP" navigate={() => {}} />
    </IslandCollectorContext.Provider>,
  ).replace(ISLAND_MARKER, (_marker, index: string) => {
    const island = islands[Number(index)];
    if (!island) return '';
    return renderToString(<IslandFrame location={location} island={island.element} after={<NothingAfter />} />, {
      identifierPrefix: islandPrefix(index),
    });
  });
  return { entry: page.entry, preload: page.preload, html };
}
