// The islands' names and markers (island.tsx), without React: the public pages' entry (runtime.ts) imports them.

/** The islands of the public pages, by name (islands.ts loads each one's code in the browser). */
export type IslandName = 'contact-form' | 'career-form' | 'regional-quote-form';

/** The marker the server replaces with the island's own HTML. */
export const islandMarker = (index: number) => `<!--island:${index}-->`;
export const ISLAND_MARKER = /<!--island:(\d+)-->/g;
/** The `identifierPrefix` of the island at `index` in page order, the same on the server and in the browser. */
export const islandPrefix = (index: number | string) => `i${index}-`;
