// The password rule of packages/contract (password-strength.ts) as the API applies it: one function for every
// place a password is chosen (register, change, reset, and the invite acceptance of POST /api/auth/invites/accept).
import { type PasswordOwner, passwordProblem } from '@agency/contract';
import { HttpError } from '../lib/http-error.ts';

/**
 * Throws 400 naming `field` with the sentence that says why, when `password` is among the commonly used ones,
 * scores too low on the strength estimate, or contains the owner's email or name. The length rule is the schema's.
 */
export async function assertPasswordAllowed(password: string, owner: PasswordOwner, field = 'password'): Promise<void> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw new HttpError(400, problem, { [field]: problem });
}
