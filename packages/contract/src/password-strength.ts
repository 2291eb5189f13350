// The rule a new password must meet (register, change, reset, invite), the same on the server and in the forms:
// not one of the commonly used passwords, a strength estimate of at least PASSWORD_MIN_SCORE, not the account's
// own email or name, not the site's name, short name or domain, and no famous passphrase (issue 30 item 11). The estimate is zxcvbn-ts with its bundled dictionaries (about 100,000 common
// passwords, names, keyboard walks): nothing leaves the site. The dictionaries weigh about 400 KB, so they are
// imported only when a password is checked (a lazy chunk in the browser, never on a public page).

import { LENGTH } from './limits.ts';

/** zxcvbn's scale: 0 too guessable … 4 very unguessable. 3 is "safely unguessable" (about 10^8 guesses). */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_MESSAGES = {
  common: 'This password is one of the most commonly used passwords. Choose one nobody else would.',
  weak: 'This password is too easy to guess. Use a longer one: several unrelated words work well.',
  containsEmail: 'The password must not contain your email address.',
  containsName: 'The password must not contain your name.',
  containsSite: 'The password must not contain the name or the address of this site.',
  famous: 'This password holds a famous passphrase that guessers try first. Choose words of your own.',
} as const;

/**
 * Passphrases known from comics, books and films, which guessers try first although the strength estimate scores
 * them well; written as letters and digits only (a password is compared the same way, so spaces, dashes and case
 * make no difference).
 */
export const FAMOUS_PASSPHRASES: readonly string[] = [
  'correcthorsebatterystaple',
  'tr0ub4dor3',
  'thequickbrownfoxjumpsoverthelazydog',
  'maytheforcebewithyou',
  'tobeornottobe',
  'maryhadalittlelamb',
  'allyourbasearebelongtous',
  'opensesame',
  'iamyourfather',
  'hunter2',
  'winteriscoming',
];

/** Whose password it is: the parts of the account a guesser tries first. */
export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
}

type Estimator = { check(password: string, userInputs?: string[]): { score: number; feedback: { warning: unknown } } };
let estimator: Promise<Estimator> | undefined;

/** zxcvbn-ts with the common dictionaries, built once on first use. */
function loadEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
      }) as Estimator,
  );
  return estimator;
}

const fold = (text: string) => text.toLowerCase().replace(/\s+/g, '');
/** Letters and digits only, lower case: how site words and famous passphrases are compared. */
const lettersOnly = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function hostOf(siteUrl: string | undefined): string | undefined {
  try {
    return siteUrl ? new URL(siteUrl).hostname.toLowerCase().replace(/^www\./, '') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What of the site a password must not contain: its name, short name and domain (the host without `www.`, and its
 * first label, e.g. `nexorait` of `nexorait.co.uk`); an address given as an IP address is no word. Pass it as the
 * third argument of passwordProblem.
 */
export function siteWordsOf(site: { name?: string | null; shortName?: string | null }, siteUrl?: string): string[] {
  const words = [site.name ?? '', site.shortName ?? ''];
  const host = hostOf(siteUrl);
  if (host && !/^[\d.]+$|[:[]/.test(host)) words.push(host, host.split('.')[0] ?? '');
  return [...new Set(words.map(lettersOnly).filter((word) => word.length >= 3))];
}

/** What of the owner a password must not contain: the address, its local part and the name (3 characters or more). */
function ownParts({ email, name }: PasswordOwner): { email: string[]; name: string[] } {
  const address = fold(email ?? '');
  const local = address.split('@')[0] ?? '';
  return {
    email: [address, local].filter((part) => part.length >= 3),
    name: [fold(name ?? '')].filter((part) => part.length >= 3),
  };
}

/**
 * Why `password` may not be used by `owner` on the site of `siteWords` (siteWordsOf), as the sentence to show under
 * the field; null when it may. The length rule is the schema's (newPassword in schemas.ts); this is the rest.
 */
export async function passwordProblem(
  password: string,
  owner: PasswordOwner = {},
  siteWords: readonly string[] = [],
): Promise<string | null> {
  // Too short or too long is the schema's sentence ("Password must be at least 8 characters"), which the server
  // answers: the forms leave such a password to it rather than call it common.
  if (password.length < LENGTH.password.min || password.length > LENGTH.password.max) return null;
  const folded = fold(password);
  const parts = ownParts(owner);
  if (parts.email.some((part) => folded.includes(part))) return PASSWORD_MESSAGES.containsEmail;
  if (parts.name.some((part) => folded.includes(part))) return PASSWORD_MESSAGES.containsName;
  const letters = lettersOnly(password);
  if (siteWords.some((word) => word.length >= 3 && letters.includes(lettersOnly(word)))) {
    return PASSWORD_MESSAGES.containsSite;
  }
  if (FAMOUS_PASSPHRASES.some((phrase) => letters.includes(phrase))) return PASSWORD_MESSAGES.famous;
  const result = (await loadEstimator()).check(password, [...parts.email, ...parts.name]);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const warning = String(result.feedback.warning ?? '');
  return /^(topTen|topHundred|common|similarToCommon)$/.test(warning)
    ? PASSWORD_MESSAGES.common
    : PASSWORD_MESSAGES.weak;
}

/** Loads the estimator ahead of need (a form calls it on focus, so the first check is instant). */
export function preloadPasswordEstimator(): void {
  void loadEstimator();
}
