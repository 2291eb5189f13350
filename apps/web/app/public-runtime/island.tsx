// An island: a part of a public page that reacts to input, hydrated as its own React root over the server's HTML
// (docs/decisions/0024-public-pages-as-islands.md). The rest of the page is the server's HTML and is never
// hydrated. The server (public-page.server.tsx) renders the page with a collector: each <Island> writes an empty
// element marked `data-island` and is rendered on its own, with an `identifierPrefix` of its own, into that
// element; the browser (runtime.ts) hydrates the element with the same component, props and prefix, so `useId`
// gives the same ids. Without a collector (React Router's pages) the component is rendered in place.
import { type ComponentType, type ReactNode, StrictMode, createContext, useContext } from 'react';
import { type PageLocation, NavigationProvider } from '~/lib/navigation';
import { carryToastsToNextPage } from '~/state/toasts';
import { type IslandName, islandMarker } from './island-names';

export interface CollectedIsland {
  name: IslandName;
  element: ReactNode;
}

/** Set while the server renders a public page: the islands in page order. */
export const IslandCollectorContext = createContext<CollectedIsland[] | null>(null);

/**
 * An island root's tree, the same on the server and in the browser (its shape decides `useId`'s ids): the island,
 * then `after`, a component that renders nothing (in the browser, the one that tells the island has hydrated).
 * Links inside load their page.
 */
export function IslandFrame({
  location,
  island,
  after,
}: {
  location: PageLocation;
  island: ReactNode;
  after: ReactNode;
}) {
  return (
    <StrictMode>
      <NavigationProvider location={location} type="POP" navigate={assignLocation}>
        {island}
        {after}
      </NavigationProvider>
    </StrictMode>
  );
}

/** What the server renders in the place of the browser's `after` (above). */
export const NothingAfter = () => null;

/** A script's move to another page (a sent quote form going home): a new document, its toasts carried there. */
function assignLocation(to: string) {
  carryToastsToNextPage();
  window.location.assign(to);
}

interface IslandProps<P> {
  name: IslandName;
  component: ComponentType<P>;
  /** The component's props, written into the page as JSON: plain data only. */
  props: P;
}

export function Island<P extends object>({ name, component: Component, props }: IslandProps<P>) {
  const collector = useContext(IslandCollectorContext);
  if (!collector) return <Component {...props} />;
  const index = collector.push({ name, element: <Component {...props} /> }) - 1;
  return (
    <div
      data-island={name}
      data-island-id={index}
      data-island-props={JSON.stringify(props)}
      className="contents"
      dangerouslySetInnerHTML={{ __html: islandMarker(index) }}
    />
  );
}
