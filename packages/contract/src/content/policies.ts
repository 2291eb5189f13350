// What the policies share. Each policy's text is a module of its own (privacy-policy.ts, terms.ts,
// cookie-policy.ts), so a policy page's script carries only its own text.
// No `~/` imports in these modules: the browser tests may import them directly.
import { OFFICES, SITE } from './site.ts';

/** A paragraph, or a bulleted list. */
export type PolicyBlock = string | { list: readonly string[] };

export interface PolicySection {
  /** Anchor id, stable: other pages and e-mails may link to it. */
  id: string;
  title: string;
  body: readonly PolicyBlock[];
}

const london = OFFICES.find((office) => office.id === 'london') ?? OFFICES[0];
/** Where to write to us about a policy. */
export const postalAddress = london
  ? `${SITE.name}, ${london.street}, ${london.city} ${london.postalCode}, ${london.country}`
  : SITE.name;
