// Where the browser finds each island's component (island.tsx): a module of its own, fetched when the island
// hydrates (runtime.ts), never with the page.
import type { ComponentType } from 'react';
import type { IslandName } from './island-names';

type Loader = () => Promise<ComponentType<never>>;

export const ISLANDS: Record<IslandName, Loader> = {
  'contact-form': () => import('~/components/forms/contact-form').then((module) => module.ContactForm),
  'career-form': () => import('~/components/forms/career-form').then((module) => module.CareerForm),
  'regional-quote-form': () =>
    import('~/components/forms/regional-quote-form').then((module) => module.RegionalQuoteForm),
};
