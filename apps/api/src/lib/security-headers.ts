// The security headers of every response (set by helmet, plus Permissions-Policy), and the one place the
// Content-Security-Policy is written.
import { createHash } from 'node:crypto';

export interface CspOptions {
  /** Extra script sources: `'sha256-…'` hashes of a prerendered page's inline scripts, or `'nonce-…'`. */
  scripts?: readonly string[];
  /** Another origin allowed to serve scripts and receive their requests (e.g. an analytics host). */
  scriptOrigins?: readonly string[];
  /** https sites also ask the browser to upgrade any http:// subresource. */
  https?: boolean;
}

/**
 * The Content-Security-Policy of the site. Scripts: our own files, plus exactly the inline scripts a page
 * was built or rendered with (hashes, nonces), never 'unsafe-inline'. Styles allow inline <style>
 * elements: React 19 hoists components' <style> tags (the tech strip's keyframes) into <head>, on the
 * server and in the browser (admin pages render there), so no hash can be known in advance; a style
 * cannot run script. Images allow data: URLs because Vite inlines assets under 2 KB as data: URLs.
 */
export function contentSecurityPolicy({ scripts = [], scriptOrigins = [], https = false }: CspOptions = {}): string {
  const directives = [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptOrigins, ...scripts].join(' '),
    ['connect-src', "'self'", ...scriptOrigins].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** Powerful features no page of the site uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * Helmet's options for every response (pages, API, files, errors): nosniff, this referrer
 * policy, frames refused (X-Frame-Options for browsers older than frame-ancestors) and HSTS on https sites.
 * Helmet's other defaults are off: the site embeds nothing and is embedded nowhere, and every header is sent with
 * each of a page's scripts and stylesheets, whose weight issue 25 budgets (README, "Security headers").
 */
export function helmetOptions(options: Pick<CspOptions, 'https'>) {
  return {
    // Written by the plugin as `contentSecurityPolicy()`'s text, the same for the site and for a page's own.
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    frameguard: { action: 'deny' as const },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** `'sha256-…'` of an inline script's exact text, as CSP compares it. */
export const scriptHash = (source: string) =>
  `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;

/** Hashes of the inline scripts that run in `html` (not src= scripts, not JSON data blocks). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.add(scriptHash(match[2] ?? ''));
  }
  return [...hashes];
}
