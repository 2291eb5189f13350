// The password rule of packages/contract (password-strength.ts) as the API applies it: one function for every
// place a password is chosen (register, change, reset, and the invite acceptance of POST /api/auth/invites/accept).
import { type PasswordOwner, passwordProblem, siteWordsOf } from '@agency/contract';
import { SITE_DOCUMENT } from '@agency/contract/content/site.ts';
import { Invalid } from '../lib/domain-errors.ts';

/**
 * Throws 400 naming `field` with the sentence that says why, when `password` is among the commonly used ones,
 * scores too low on the strength estimate, contains the owner's email or name, the site's name, short name or domain
 * (`siteWords`: sitePasswordWords), or a famous passphrase. The length rule is the schema's.
 */
export async function assertPasswordAllowed(
  password: string,
  owner: PasswordOwner,
  field: string,
  siteWords: readonly string[],
): Promise<void> {
  const problem = await passwordProblem(password, owner, siteWords);
  if (problem) throw new Invalid(problem, { [field]: problem });
}

/**
 * The site's words a password must not hold: the published `site` document's name and short name (and the
 * installation's, which a guesser knows too), and the domain of SITE_URL.
 */
export function sitePasswordWords(published: { name?: unknown; shortName?: unknown } | undefined, siteUrl: string) {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return [
    ...siteWordsOf({ name: text(published?.name), shortName: text(published?.shortName) }, siteUrl),
    ...siteWordsOf(SITE_DOCUMENT),
  ];
}
