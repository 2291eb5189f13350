// The proof-of-work challenge (ALTCHA-compatible): GET /api/challenge and the `altcha` form field.
import { z } from 'zod';

/** The form field carrying the solution: base64 of the JSON `AltchaPayload`. */
export const ALTCHA_FIELD = 'altcha';
/** A challenge is valid this long after it was issued (the expiry is carried in its salt). */
export const CHALLENGE_TTL_SECONDS = 10 * 60;
/** How a lead without a valid solution is treated (SPAM_CHALLENGE). */
export const SPAM_CHALLENGE_MODES = ['score', 'required', 'off'] as const;
export type SpamChallengeMode = (typeof SPAM_CHALLENGE_MODES)[number];

/** GET /api/challenge */
export const ChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  /** hex SHA-256 of `salt + number` */
  challenge: z.string(),
  maxnumber: z.number().int(),
  /** random hex, then `?expires=<unix seconds>&` (altcha-lib v1: the `&` ends the parameters, so none can be spliced on) */
  salt: z.string(),
  /** hex HMAC-SHA-256 of `challenge` with the server's key */
  signature: z.string(),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

/** What the `altcha` field decodes to. */
export const AltchaPayloadSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().max(200),
  number: z.number().int().min(0),
  salt: z.string().max(200),
  signature: z.string().max(200),
});
export type AltchaPayload = z.infer<typeof AltchaPayloadSchema>;
