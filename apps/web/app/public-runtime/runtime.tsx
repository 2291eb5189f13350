// The public pages in the browser, without React Router (docs/decisions/0014-public-pages-without-the-router.md).
// A page's entry (built by vite-plugins/public-pages.ts) hands its route component to `startPage`, which hydrates
// the page with the data its HTML carries; navigation.ts then shows the pages its links lead to.
import { startTransition, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { startUp } from '~/lib/start-up';
import { type Shown, here, listenToHistory, navigate, onShow, pageDataOf } from './navigation';
import { APP_ELEMENT_ID } from './page-data';
import { type PageComponent, PublicTree } from './public-tree';

function PublicApp({ first }: { first: Shown }) {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    onShow((next) => startTransition(() => setShown(next)));
    return () => onShow(null);
  }, []);
  useEffect(() => {
    if (shown === first) return;
    // Back and forward return to where the page was; a link to an anchor goes to it. A new page starts
    // at the top (components/layout/scroll-to-top.tsx).
    if (shown.type === 'POP') window.scrollTo({ top: Number(window.history.state?.scroll ?? 0), behavior: 'instant' });
    else if (shown.location.hash)
      document.getElementById(decodeURIComponent(shown.location.hash.slice(1)))?.scrollIntoView();
  }, [shown, first]);
  return (
    <PublicTree Page={shown.Page} data={shown.data} location={shown.location} type={shown.type} navigate={navigate} />
  );
}

let started = false;

/** Hydrates the page with its route's component; a page fetched later only hands its component over. */
export function startPage(Page: PageComponent) {
  if (started) return;
  started = true;
  startUp();
  const page = pageDataOf(document);
  const element = document.getElementById(APP_ELEMENT_ID);
  if (!page || !element) return;
  listenToHistory();
  const first: Shown = { Page, data: page.data, location: here(), type: 'POP' };
  startTransition(() => {
    hydrateRoot(element, <PublicApp first={first} />);
  });
}
