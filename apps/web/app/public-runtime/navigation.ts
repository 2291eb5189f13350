// Navigation between public pages without React Router (docs/decisions/0014-public-pages-without-the-router.md).
// A link to another page of the site fetches that page's HTML, takes its data, script and head from it and
// shows it in the same document, as React Router would: the header, the toasts, the quote dialog and what the
// visit remembered (lib/lead-source.ts) stay. A page that is not a public page (the admin area, the sign-in
// pages, an error) is loaded as a new document.
import type { NavigationType, PageLocation } from '~/lib/navigation';
import { PAGE_DATA_ID, type PageData } from './page-data';
import type { PageComponent } from './public-tree';

export interface Shown {
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

export const here = (): PageLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
});

/** What PageScripts wrote into a page's HTML. */
type WrittenData = Pick<PageData, 'entry' | 'data'>;

export function pageDataOf(doc: Document): WrittenData | null {
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

/** What the public pages' links and search forms call (lib/navigation.tsx's NavigationProvider). */
export const navigate = (to: string, options?: { replace?: boolean }) =>
  void go(to, options?.replace ? 'REPLACE' : 'PUSH');

function onPopState() {
  const path = window.location.pathname + window.location.search;
  if (path === shownPath) {
    // The same page, another anchor (a policy's contents link): back to where it was, when it was recorded.
    const scroll = (window.history.state as { scroll?: unknown } | null)?.scroll;
    if (typeof scroll === 'number') window.scrollTo({ top: scroll, behavior: 'instant' });
    return;
  }
  void go(window.location.href, 'POP');
}

/** From the first page on: back and forward show the page of their address. */
export function listenToHistory() {
  shownPath = window.location.pathname + window.location.search;
  window.addEventListener('popstate', onPopState);
}

/** Where a page fetched by a navigation is handed to (the hydrated app), or null. */
export function onShow(handler: ((next: Shown) => void) | null) {
  show = handler;
}
