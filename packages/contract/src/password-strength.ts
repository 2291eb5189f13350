// The rule a new password must meet (register, change, reset, invite), the same on the server and in the forms:
// not one of the commonly used passwords, a strength estimate of at least PASSWORD_MIN_SCORE, and not the
// account's own email or name. The estimate is zxcvbn-ts with its bundled dictionaries (about 100,000 common
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
} as const;

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
 * Why `password` may not be used by `owner`, as the sentence to show under the field; null when it may. The
 * length rule is the schema's (newPassword in schemas.ts); this is the rest.
 */
export async function passwordProblem(password: string, owner: PasswordOwner = {}): Promise<string | null> {
  // Too short or too long is the schema's sentence ("Password must be at least 8 characters"), which the server
  // answers: the forms leave such a password to it rather than call it common.
  if (password.length < LENGTH.password.min || password.length > LENGTH.password.max) return null;
  const folded = fold(password);
  const parts = ownParts(owner);
  if (parts.email.some((part) => folded.includes(part))) return PASSWORD_MESSAGES.containsEmail;
  if (parts.name.some((part) => folded.includes(part))) return PASSWORD_MESSAGES.containsName;
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
