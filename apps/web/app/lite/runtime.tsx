// The public pages in the browser, without React Router (docs/decisions/0014-public-pages-without-the-router.md).
// A page's entry (built by vite-plugins/public-pages.ts) hands its route component to `startPage`, which hydrates
// the page with the data its HTML carries. A link to another page of the site then fetches that page's HTML,
// takes its data, script and head from it and shows it in the same document, as React Router would: the
// header, the toasts, the quote dialog and what the visit remembered (lib/lead-source.ts) stay. A page that
// is not a public page (the admin area, the sign-in pages, an error) is loaded as a new document.
import { startTransition, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { stopRecordingEarlyClicks } from '~/lib/early-clicks';
import { captureLanding } from '~/lib/lead-source';
import type { NavigationType, PageLocation } from '~/lib/navigation';
import { APP_ELEMENT_ID, PAGE_DATA_ID, type PageData } from './page-data';
import { type PageComponent, PublicTree } from './public-tree';

interface Shown {
  Page: PageComponent;
  data: unknown;
  location: PageLocation;
  type: NavigationType;
}

/** The head elements that belong to a page (what React Router's <Meta> writes), swapped on navigation. */
const PAGE_HEAD =
  'title, meta[name]:not([name="viewport"]):not([name="theme-color"]), meta[property], link[rel="canonical"], link[rel="alternate"], script[type="application/ld+json"]';

let show: ((next: Shown) => void) | null = null;
/** The page on screen (path and query): a change of hash alone is not a navigation. */
let shownPath = '';
/** Only the newest of several quick navigations is shown. */
let latest = 0;

const here = (): PageLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
});

/** What PageScripts wrote into a page's HTML. */
type WrittenData = Pick<PageData, 'entry' | 'data'>;

function pageDataOf(doc: Document): WrittenData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as WrittenData) : null;
}

function swapHead(next: Document) {
  for (const element of document.head.querySelectorAll(PAGE_HEAD)) element.remove();
  for (const element of next.head.querySelectorAll(PAGE_HEAD)) document.head.append(document.importNode(element, true));
}

async function go(to: string, type: NavigationType) {
  const ticket = ++latest;
  const url = new URL(to, window.location.href);
  if (type === 'PUSH' || type === 'REPLACE') {
    // Where this page was scrolled to, for coming back to it.
    window.history.replaceState({ ...window.history.state, scroll: window.scrollY }, '');
  }
  try {
    const response = await fetch(url, { headers: { accept: 'text/html' } });
    const next = new DOMParser().parseFromString(await response.text(), 'text/html');
    const page = pageDataOf(next);
    if (!response.ok || !page) throw new Error('Not a public page');
    const module = (await import(/* @vite-ignore */ page.entry)) as { default: PageComponent };
    if (ticket !== latest) return;
    // A redirect (an old slug) shows the address it ended at.
    const shownUrl = new URL(response.url || url);
    shownUrl.hash = url.hash;
    if (type === 'PUSH') window.history.pushState({ scroll: 0 }, '', shownUrl);
    if (type === 'REPLACE') window.history.replaceState({ scroll: 0 }, '', shownUrl);
    window.history.scrollRestoration = 'manual';
    swapHead(next);
    shownPath = shownUrl.pathname + shownUrl.search;
    show?.({ Page: module.default, data: page.data, location: here(), type });
  } catch {
    if (ticket !== latest) return;
    // Not a page this runtime shows, or the network failed: the browser loads it as a document.
    if (type === 'POP') window.location.reload();
    else window.location.assign(url);
  }
}

const navigate = (to: string, options?: { replace?: boolean }) => void go(to, options?.replace ? 'REPLACE' : 'PUSH');

function onPopState() {
  const path = window.location.pathname + window.location.search;
  if (path === shownPath) return;
  void go(window.location.href, 'POP');
}

function PublicApp({ first }: { first: Shown }) {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    show = (next) => startTransition(() => setShown(next));
    return () => {
      show = null;
    };
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
  stopRecordingEarlyClicks();
  // The landing URL's campaign, kept for this visit only.
  captureLanding();
  const page = pageDataOf(document);
  const element = document.getElementById(APP_ELEMENT_ID);
  if (!page || !element) return;
  shownPath = window.location.pathname + window.location.search;
  window.addEventListener('popstate', onPopState);
  const first: Shown = { Page, data: page.data, location: here(), type: 'POP' };
  startTransition(() => {
    hydrateRoot(element, <PublicApp first={first} />);
  });
}
