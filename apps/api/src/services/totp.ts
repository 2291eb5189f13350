// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 30-second steps, 6 digits,
// what every authenticator app reads from an otpauth:// link. node:crypto only.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP } from '@agency/contract';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case, spaces and padding ignored); throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const generateTotpSecret = () => base32Encode(randomBytes(20));

/** The time step a moment falls in. */
export const totpStep = (atMs: number) => Math.floor(atMs / 1000 / TOTP.periodSeconds);

/** The code of one time step (HOTP with the step as counter), `digits` long. */
export function totpCode(secret: string, step: number, digits: number = TOTP.digits): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * The step whose code `code` is, looking TOTP.driftSteps either side of `atMs` (phone clocks drift), or
 * null. The caller refuses steps at or before the last accepted one, so each code works once.
 */
export function matchTotp(secret: string, code: string, atMs = Date.now()): number | null {
  const given = Buffer.from(code.replace(/\s+/g, ''));
  if (given.length !== TOTP.digits) return null;
  const now = totpStep(atMs);
  for (let step = now - TOTP.driftSteps; step <= now + TOTP.driftSteps; step++) {
    if (timingSafeEqual(Buffer.from(totpCode(secret, step)), given)) return step;
  }
  return null;
}

/** The link an authenticator app scans: otpauth://totp/Issuer:account?secret=…&issuer=… */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: TOTP.algorithm,
    digits: String(TOTP.digits),
    period: String(TOTP.periodSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
