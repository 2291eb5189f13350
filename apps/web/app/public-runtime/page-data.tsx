// What a public page's HTML hands to its script (app/public-runtime/runtime.tsx): the element React hydrates, and
// the route's data with the script that draws it. entry.server.tsx finds them; root.tsx writes them.
import { createContext } from 'react';

/** The element around the page that the public pages' runtime hydrates (every page has it). */
export const APP_ELEMENT_ID = 'app';
/** The JSON block with the route's data and script. */
export const PAGE_DATA_ID = 'page-data';

export interface PageScript {
  /** The page's entry module: its default export is the route's component. */
  entry: string;
  /** Every module the entry imports, fetched together with it. */
  preload: readonly string[];
}

export interface PageData extends PageScript {
  /** The route's loader data, as its component receives it. */
  data: unknown;
  /** The page rendered as the runtime hydrates it (public-runtime/public-tree.tsx), for the app element. */
  html: string;
}

/** Set on the server for a page the public runtime runs; null: React Router's own scripts. */
export const PageDataContext = createContext<PageData | null>(null);

/** JSON that cannot close the <script> element it is written in. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page's data, then a module script that fetches its modules once the first contentful paint is on screen,
 * so on a slow network they do not compete with the HTML, stylesheet and pictures of the first paint
 * (decision 0006).
 */
export function PageScripts({ page, nonce }: { page: PageData; nonce?: string | undefined }) {
  const start =
    // Once the first contentful paint is on screen (or after 2 s, for a tab that does not paint).
    'await new Promise((r) => { setTimeout(r, 2000); new PerformanceObserver((l, o) => { if (l.getEntriesByName("first-contentful-paint").length) { o.disconnect(); r(); } }).observe({ type: "paint", buffered: true }); });' +
    `for (const href of ${JSON.stringify(page.preload)}) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.append(link); }` +
    `import(${JSON.stringify(page.entry)});`;
  return (
    <>
      <script
        type="application/json"
        id={PAGE_DATA_ID}
        dangerouslySetInnerHTML={{ __html: scriptSafeJson({ entry: page.entry, data: page.data }) }}
      />
      <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: start }} />
    </>
  );
}
