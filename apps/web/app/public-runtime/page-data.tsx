// What a public page's HTML carries for the browser (app/public-runtime/runtime.ts): the page's HTML (never
// hydrated, except its islands, which carry their own props) and the script that enhances it and hydrates the
// islands. entry.server.tsx finds them; root.tsx writes them.
import { createContext } from 'react';

/** The element around the page (every page has it). */
export const APP_ELEMENT_ID = 'app';

export interface PageScript {
  /** The public pages' entry module (public-runtime/runtime.ts), the same for every page. */
  entry: string;
  /** Every module the entry imports, fetched together with it. */
  preload: readonly string[];
}

export interface PageData extends PageScript {
  /** The page rendered with its islands (public-runtime/public-page.server.tsx), for the app element. */
  html: string;
}

/** Set on the server for a page the public runtime runs; null: React Router's own scripts. */
export const PageDataContext = createContext<PageData | null>(null);

/**
 * A module script that fetches the page's entry once the first contentful paint is on screen,
 * so on a slow network they do not compete with the HTML, stylesheet and pictures of the first paint
 * (decision 0006).
 */
export function PageScripts({ page, nonce }: { page: PageData; nonce?: string | undefined }) {
  const start =
    // Once the first contentful paint is on screen (or after 2 s, for a tab that does not paint).
    'await new Promise((r) => { setTimeout(r, 2000); new PerformanceObserver((l, o) => { if (l.getEntriesByName("first-contentful-paint").length) { o.disconnect(); r(); } }).observe({ type: "paint", buffered: true }); });' +
    `for (const href of ${JSON.stringify(page.preload)}) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.append(link); }` +
    `import(${JSON.stringify(page.entry)});`;
  return <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: start }} />;
}
