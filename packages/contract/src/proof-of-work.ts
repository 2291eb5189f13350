// Solving an ALTCHA-style challenge: find `number` ≤ `maxnumber` with SHA-256(salt + number) = challenge.
// Plain synchronous SHA-256 rather than crypto.subtle: one awaited digest per try costs more than the hash,
// and the same code runs in the browser's Web Worker, in the API tests and in the measurement script.
import type { AltchaPayload, Challenge } from './challenge.ts';

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const W = new Uint32Array(64);
const H = new Uint32Array(8);

/** SHA-256 of a string of ASCII characters (hex salts and digits), as 8 words. */
function sha256Words(text: string): Uint32Array {
  const length = text.length;
  const blocks = ((length + 8) >> 6) + 1;
  H[0] = 0x6a09e667;
  H[1] = 0xbb67ae85;
  H[2] = 0x3c6ef372;
  H[3] = 0xa54ff53a;
  H[4] = 0x510e527f;
  H[5] = 0x9b05688c;
  H[6] = 0x1f83d9ab;
  H[7] = 0x5be0cd19;
  for (let block = 0; block < blocks; block++) {
    const base = block * 64;
    for (let i = 0; i < 16; i++) {
      let word = 0;
      for (let j = 0; j < 4; j++) {
        const at = base + i * 4 + j;
        const byte = at < length ? text.charCodeAt(at) & 0xff : at === length ? 0x80 : 0;
        word = (word << 8) | byte;
      }
      W[i] = word;
    }
    if (block === blocks - 1) {
      // Bit length in the last two words (texts here are far below 2^29 characters).
      W[14] = 0;
      W[15] = length * 8;
    }
    for (let i = 16; i < 64; i++) {
      const w15 = W[i - 15]!;
      const w2 = W[i - 2]!;
      const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
      const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
      W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
    }
    let a: number = H[0]!;
    let b: number = H[1]!;
    let c: number = H[2]!;
    let d: number = H[3]!;
    let e: number = H[4]!;
    let f: number = H[5]!;
    let g: number = H[6]!;
    let h: number = H[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    H[0] = (H[0]! + a) | 0;
    H[1] = (H[1]! + b) | 0;
    H[2] = (H[2]! + c) | 0;
    H[3] = (H[3]! + d) | 0;
    H[4] = (H[4]! + e) | 0;
    H[5] = (H[5]! + f) | 0;
    H[6] = (H[6]! + g) | 0;
    H[7] = (H[7]! + h) | 0;
  }
  return H;
}

/** Hex SHA-256 of an ASCII string. */
export function sha256Hex(text: string): string {
  const words = sha256Words(text);
  let hex = '';
  for (let i = 0; i < 8; i++) hex += (words[i]! >>> 0).toString(16).padStart(8, '0');
  return hex;
}

/** The challenge as 8 words, so each try compares numbers instead of building a hex string. */
function challengeWords(challenge: string): Uint32Array | null {
  if (!/^[0-9a-f]{64}$/i.test(challenge)) return null;
  const words = new Uint32Array(8);
  for (let i = 0; i < 8; i++) words[i] = parseInt(challenge.slice(i * 8, i * 8 + 8), 16);
  return words;
}

/** The number behind `challenge`, or null when there is none up to `maxnumber`. */
export function solveChallenge(challenge: Pick<Challenge, 'challenge' | 'salt' | 'maxnumber'>): number | null {
  const target = challengeWords(challenge.challenge);
  if (!target) return null;
  for (let number = 0; number <= challenge.maxnumber; number++) {
    const words = sha256Words(challenge.salt + number);
    let same = true;
    for (let i = 0; i < 8 && same; i++) same = words[i] === target[i];
    if (same) return number;
  }
  return null;
}

/** The `altcha` form field: base64 of the JSON solution, the ALTCHA widget's format. */
export function encodeAltcha(challenge: Challenge, number: number): string {
  const payload: AltchaPayload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(payload));
}
