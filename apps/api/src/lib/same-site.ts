// Cross-site form posts refused (issue 21 item 7): a page on another site can make a visitor's browser post one of
// our forms (and so sign the visitor into the attacker's account, or send a lead in their name). A browser says
// where a post comes from: `Origin` on every POST of a current browser, else `Sec-Fetch-Site`. A post naming
// another site is refused with 403; one with neither header (an old browser) is accepted, as the lead forms must.
import { MESSAGES } from '@agency/contract';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { HttpError } from './http-error.ts';

/** The origins a form of this site is posted from: SITE_URL's, and the one the request itself was sent to. */
export function ownOrigins(request: FastifyRequest, siteOrigin: string): string[] {
  const origins = [siteOrigin];
  const host = request.headers.host;
  if (host) origins.push(`${request.protocol}://${host}`.toLowerCase());
  return origins;
}

/** Whether the browser says this request comes from another site. */
export function isCrossSite(request: FastifyRequest, siteOrigin: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    // "null": a sandboxed frame, a data: page or a redirect from elsewhere; never one of our pages.
    return !ownOrigins(request, siteOrigin).includes(origin.toLowerCase());
  }
  const fetchSite = request.headers['sec-fetch-site'];
  return fetchSite === 'cross-site' || fetchSite === 'same-site';
}

/** onRequest hook: 403 for a post another site made, before its body is read. */
export function refuseCrossSite(siteUrl: string): onRequestAsyncHookHandler {
  const siteOrigin = new URL(siteUrl).origin.toLowerCase();
  return async function sameSiteOnly(request: FastifyRequest, _reply: FastifyReply) {
    if (request.method !== 'POST') return;
    if (isCrossSite(request, siteOrigin)) throw new HttpError(403, MESSAGES.http.crossSite);
  };
}
