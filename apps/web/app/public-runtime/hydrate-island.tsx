// Hydrates one island (island.tsx) with React DOM, fetched with the first island a page hydrates (runtime.ts).
import { type ComponentType, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { replayEarlyClicksIn } from '~/lib/early-clicks';
import { mountHosts } from './hosts';
import { IslandFrame } from './island';

/**
 * Resolves once the island has hydrated and its effects have run; the clicks and submits recorded inside it
 * before (lib/early-clicks.ts) are then replayed to its elements, and from then on React takes them.
 */
export function hydrateIsland(
  element: HTMLElement,
  Component: ComponentType<never>,
  props: object,
  identifierPrefix: string,
): Promise<void> {
  mountHosts();
  const { pathname, search, hash } = window.location;
  return new Promise((resolve) => {
    function Hydrated() {
      useEffect(() => {
        // After every effect of the first render and what they changed (a frame and a timer, not this
        // effect): the replayed clicks meet the component in its settled state.
        let timer: number | undefined;
        const frame = requestAnimationFrame(() => {
          timer = window.setTimeout(() => {
            element.dataset.islandLive = '';
            replayEarlyClicksIn(element);
            resolve();
          });
        });
        return () => {
          cancelAnimationFrame(frame);
          window.clearTimeout(timer);
        };
      }, []);
      return null;
    }
    const Island = Component as ComponentType<object>;
    hydrateRoot(
      element,
      <IslandFrame location={{ pathname, search, hash }} island={<Island {...props} />} after={<Hydrated />} />,
      { identifierPrefix },
    );
  });
}
