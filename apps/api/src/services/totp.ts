// Time-based one-time passwords (RFC 6238): HMAC-SHA1, 30-second steps, 6 digits, what every authenticator
// app reads from an otpauth:// link. The codes, base32 and the link are otpauth's; this module fixes the
// parameters (TOTP in the contract) and answers the step a code belongs to, which two-factor.ts keeps so each
// code works once.
import { timingSafeEqual } from 'node:crypto';
import { TOTP as Totp, Secret } from 'otpauth';
import { TOTP } from '@agency/contract';

export const base32Encode = (bytes: Uint8Array): string => new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;

/** Decodes base32 (case, spaces and padding ignored); throws on any other character. */
export const base32Decode = (text: string): Buffer => Buffer.from(Secret.fromBase32(text.replace(/\s+/g, '')).bytes);

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const generateTotpSecret = () => new Secret({ size: 20 }).base32;

/** The time step a moment falls in. */
export const totpStep = (atMs: number) => Totp.counter({ period: TOTP.periodSeconds, timestamp: atMs });

/** The code of one time step, `digits` long. */
export const totpCode = (secret: string, step: number, digits: number = TOTP.digits): string =>
  Totp.generate({
    secret: Secret.fromBase32(secret),
    algorithm: TOTP.algorithm,
    digits,
    period: TOTP.periodSeconds,
    timestamp: step * TOTP.periodSeconds * 1000,
  });

/**
 * The step whose code `code` is, looking TOTP.driftSteps either side of `atMs` (phone clocks drift), or
 * null. The caller refuses steps at or before the last accepted one, so each code works once.
 */
export function matchTotp(secret: string, code: string, atMs = Date.now()): number | null {
  const given = Buffer.from(code.replace(/\s+/g, ''));
  if (given.length !== TOTP.digits) return null;
  const now = totpStep(atMs);
  // Every step of the window is compared in constant time, so the answer's timing does not tell which matched.
  let found: number | null = null;
  for (let step = now - TOTP.driftSteps; step <= now + TOTP.driftSteps; step++) {
    if (timingSafeEqual(Buffer.from(totpCode(secret, step)), given) && found === null) found = step;
  }
  return found;
}

/** The link an authenticator app scans: otpauth://totp/Issuer:account?secret=…&issuer=… */
export const otpauthUrl = (issuer: string, account: string, secret: string): string =>
  new Totp({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  }).toString();
