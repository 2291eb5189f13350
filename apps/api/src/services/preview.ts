// Signed preview links: `<post id>.<expiry>.<signature>` lets anyone holding the link read one draft
// or scheduled post until the expiry, without an account. Nothing is stored; the signature is the proof.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BLOG_PREVIEW_TTL_SECONDS, CONTENT_PREVIEW_TTL_SECONDS } from '@agency/contract';
import { UUID } from './blogs.ts';

const sign = (secret: string, payload: string) =>
  // A purpose prefix, so no other token signed with the same secret can pass as a preview link.
  createHmac('sha256', secret).update(`blog-preview:${payload}`).digest('base64url');

export function createPreviewToken(secret: string, blogId: string, now = new Date()) {
  const expiresAt = new Date(now.getTime() + BLOG_PREVIEW_TTL_SECONDS * 1000);
  const payload = `${blogId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return { token: `${payload}.${sign(secret, payload)}`, expiresAt };
}

/** The post id a token grants, or null when it is malformed, forged or expired. */
export function readPreviewToken(secret: string, token: string, now = new Date()): string | null {
  const [id, expiry, signature, ...rest] = token.split('.');
  if (!id || !expiry || !signature || rest.length > 0 || !UUID.test(id) || !/^\d+$/.test(expiry)) return null;
  const expected = Buffer.from(sign(secret, `${id}.${expiry}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expiry) * 1000 <= now.getTime()) return null;
  return id;
}

// Content preview links (issue 23): `<key, base64url>.<expiry>.<signature>` shows one content document's draft
// on its page until the expiry. The signature has its own purpose prefix.
const signContent = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`content-preview:${payload}`).digest('base64url');

export function createContentPreviewToken(secret: string, key: string, now = new Date()) {
  const expiresAt = new Date(now.getTime() + CONTENT_PREVIEW_TTL_SECONDS * 1000);
  const payload = `${Buffer.from(key).toString('base64url')}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return { token: `${payload}.${signContent(secret, payload)}`, expiresAt };
}

/** The document key a content preview token grants, or null when it is malformed, forged or expired. */
export function readContentPreviewToken(secret: string, token: string, now = new Date()): string | null {
  const [key, expiry, signature, ...rest] = token.split('.');
  if (!key || !expiry || !signature || rest.length > 0 || !/^\d+$/.test(expiry) || !/^[\w-]+$/.test(key)) return null;
  const expected = Buffer.from(signContent(secret, `${key}.${expiry}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expiry) * 1000 <= now.getTime()) return null;
  return Buffer.from(key, 'base64url').toString('utf8');
}
