// What a public page's HTML hands to its script (app/lite/runtime.tsx): the element React hydrates, and
// the route's data with the script that draws it. entry.server.tsx finds them; root.tsx writes them.
import { createContext, useContext } from 'react';

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
  /** The page rendered as the runtime hydrates it (lite/public-tree.tsx), for the app element. */
  html: string;
}

/** Set on the server for a page the public runtime runs; null: React Router's own scripts. */
export const PageDataContext = createContext<PageData | null>(null);

/** JSON that cannot close the <script> element it is written in. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page's data, then a module script that fetches its modules once the first frame is painted, so on a
 * slow network they do not compete with the HTML, stylesheet and font (decision 0006).
 */
export function PageScripts() {
  const page = useContext(PageDataContext);
  if (!page) return null;
  const start =
    'await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));' +
    `for (const href of ${JSON.stringify(page.preload)}) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.append(link); }` +
    `import(${JSON.stringify(page.entry)});`;
  return (
    <>
      <script
        type="application/json"
        id={PAGE_DATA_ID}
        dangerouslySetInnerHTML={{ __html: scriptSafeJson({ entry: page.entry, data: page.data }) }}
      />
      <script type="module" dangerouslySetInnerHTML={{ __html: start }} />
    </>
  );
}
