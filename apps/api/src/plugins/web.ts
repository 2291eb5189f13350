// Serves the web build: prerendered pages from memory, static assets from build/client, everything else
// (blog posts, admin shell, 404) through React Router's server renderer.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import {
  BLOG_LIST_QUERY_PARAMS,
  CONTENT_PREVIEW_PARAM,
  contentKeysForPath,
  type WebLoadContext,
} from '@agency/contract';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerBuild } from 'react-router';
import { ConfigError } from '../config.ts';
import { inlineScriptHashes } from '../lib/security-headers.ts';
import { databaseAnswers, RETRY_AFTER_SECONDS } from '../lib/unavailable.ts';
import type { PageAnswer } from './page-renderer.ts';
import { matchesEtag, preferredEncoding } from './public-cache.ts';

const BODY_HEADERS = new Set(['content-type', 'content-length', 'transfer-encoding']);

export interface WebOptions {
  buildDir: string;
  loadContext: () => WebLoadContext;
  /** Development: serve apps/web through Vite's dev server (hot reload) instead of the build. */
  viteRoot?: string;
}

/**
 * Server-rendered pages whose anonymous answers the public cache may keep (plugins/public-cache.ts); never a
 * preview link, whose answer is private and must stop working when the link expires. A prerendered page whose
 * content documents were edited is rendered per request too, and kept the same way (`isPrerendered`).
 */
const isCachedPage = (pathname: string) =>
  /^\/(?:blog|career)(?:\/|$)|^\/sitemap\.xml$/.test(pathname) && !pathname.startsWith('/blog/preview/');

/** A content preview link (`?preview=<token>`): the page with a draft, for its holder only, never indexed. */
const CONTENT_PREVIEW = new RegExp(`[?&]${CONTENT_PREVIEW_PARAM}=`);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** A prerendered page, held in memory with its precompressed forms and answered without touching the disk. */
interface PrerenderedPage {
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
  /** Its Content-Security-Policy: allows exactly the inline scripts it was built with. */
  policy: string;
}

const readIfPresent = (file: string) => (existsSync(file) ? readFileSync(file) : null);

/** Every file under `dir` as a URL path ("/assets/x.js"), read once at start. */
function listFiles(dir: string, prefix = ''): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const url = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) for (const file of listFiles(path.join(dir, entry.name), url)) files.add(file);
    else if (!/\.(br|gz)$/.test(entry.name)) files.add(url);
  }
  return files;
}

/** A Host header as RFC 9110 allows it: a name or an IPv4 address, or an [IPv6] literal, and a port. */
const VALID_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The origin the prerendered pages were built for: the canonical link of the home page. */
function builtOrigin(clientDir: string): string | null {
  try {
    const home = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    const href = /<link[^>]+rel="canonical"[^>]+href="([^"]+)"/.exec(home)?.[1];
    return href ? new URL(href).origin : null;
  } catch {
    return null;
  }
}

/**
 * Pages built with one SITE_URL and served with another would advertise the wrong origin to search engines
 * and in shared links. Production refuses to start; elsewhere (tests, benchmarks) the log says so.
 */
export function checkBuiltOrigin(buildDir: string, siteUrl: string, strict: boolean): string | null {
  const built = builtOrigin(path.join(buildDir, 'client'));
  const serving = new URL(siteUrl).origin;
  if (!built || built === serving) return null;
  const message =
    `SITE_URL=${JSON.stringify(siteUrl)} differs from the origin the pages were built for (${built}): ` +
    `run \`SITE_URL=${siteUrl} npm run build\` again, or serve with SITE_URL=${built}`;
  if (strict) throw new ConfigError(message);
  return message;
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * Development: Vite answers its own requests (modules, HMR, public files) and builds the server on demand. It is
 * loaded and started beside the API (requests for the web wait for it), not within this plugin's start-up, which
 * Fastify limits to ten seconds: more than Vite needs on a loaded machine.
 */
function viteServerBuild(app: FastifyInstance, root: string): () => Promise<ServerBuild> {
  const starting = import('vite').then(({ createServer }) =>
    createServer({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      appType: 'custom',
      server: { middlewareMode: true, hmr: { server: app.server } },
    }),
  );
  starting.catch((error: unknown) => app.log.error({ err: error }, 'the web’s development server did not start'));
  app.addHook('onClose', async () => (await starting).close());
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) return done();
    starting.then((vite) => vite.middlewares(request.raw, reply.raw, () => done()), done);
  });
  return async () => (await starting).ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
}

export default fp<WebOptions>(async function web(app: FastifyInstance, { buildDir, loadContext, viteRoot }) {
  const clientDir = path.join(buildDir, 'client');
  // Imported here, not at the top, so React loads only after server.ts chose its production build.
  const { createRequestHandler } = await import('react-router');
  const handleRequest = viteRoot
    ? createRequestHandler(viteServerBuild(app, viteRoot), 'development')
    : createRequestHandler(
        (await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)) as ServerBuild,
        'production',
      );
  const files = viteRoot ? new Set<string>() : listFiles(clientDir);
  const pages = new Map<string, PrerenderedPage>();
  for (const file of files) {
    if (!file.endsWith('.html')) continue;
    const full = path.join(clientDir, file);
    const identity = readFileSync(full);
    pages.set(file, {
      identity,
      br: readIfPresent(`${full}.br`),
      gzip: readIfPresent(`${full}.gz`),
      etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
      policy: app.pagePolicy(inlineScriptHashes(identity.toString('utf8'))),
    });
  }

  if (!viteRoot) await app.register(fastifyStatic, { root: clientDir, serve: false, preCompressed: true });
  // Server-rendered pages are gzipped on the fly (cheaper than brotli per request for ~the same size);
  // static files are served precompressed.
  await app.register(fastifyCompress, { global: false, threshold: 1024, encodings: ['gzip', 'deflate'] });

  function sendStatic(reply: FastifyReply, file: string) {
    const asset = file.startsWith('/assets/');
    reply.header('cache-control', asset ? IMMUTABLE : REVALIDATE);
    // A hashed asset never changes: no Last-Modified to revalidate against (its ETag stays), no ranges.
    return reply.sendFile(
      file.slice(1),
      asset ? { cacheControl: false, lastModified: false, acceptRanges: false } : { cacheControl: false },
    );
  }

  function sendPage(request: FastifyRequest, reply: FastifyReply, page: PrerenderedPage) {
    void reply
      .header('cache-control', REVALIDATE)
      .header('content-security-policy', page.policy)
      .header('etag', page.etag)
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (matchesEtag(request, page.etag)) return reply.code(304).send();
    const encoding = preferredEncoding(request);
    const compressed = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : null;
    if (!compressed) return reply.send(page.identity);
    return reply.header('content-encoding', encoding).send(compressed);
  }

  async function render(request: FastifyRequest, reply: FastifyReply, answer?: PageAnswer) {
    const host = request.headers.host ?? 'localhost';
    if (!VALID_HOST.test(host)) return reply.status(400).type('text/plain').send('Bad Request: malformed Host header');
    // The path is appended, not resolved: "//x" is a path here, not another host. A page the public cache keeps
    // is rendered for its key (the path and the parameters the page reads), as every later visitor gets it.
    const target = answer?.path ?? app.publicCache.storedAs(request) ?? request.url;
    const url = new URL(`http://${host}${target.startsWith('/') ? target : `/${target}`}`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      // An answer to a post is rendered as the page's GET: the post's body headers do not belong to it.
      if (answer && BODY_HEADERS.has(name)) continue;
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    // A fresh nonce per response: the only inline scripts that run are the ones the server wrote with it.
    const nonce = randomBytes(18).toString('base64');
    const context: WebLoadContext = { ...loadContext(), ...(answer ? { form: answer.form } : {}), nonce };
    const response = await handleRequest(
      new Request(url, { method: answer ? 'GET' : request.method, headers, signal: controller.signal }),
      context as unknown as Parameters<typeof handleRequest>[1],
    );
    // A page that failed while the database is away: 503, come back in a few seconds (never a 500 for an outage).
    if (response.status >= 500 && !answer && !(await databaseAnswers(() => app.database.ping()))) {
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      reply.status(503);
    } else reply.status(answer?.status ?? response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') reply.header(name, value);
    }
    // What was typed (or a new session) is for this visitor only, and only now.
    if (answer) reply.header('cache-control', 'no-store');
    // A draft shown through a preview link: private, and not for search engines.
    if (CONTENT_PREVIEW.test(request.url))
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    if (!response.body) return reply.send();
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      // The policy allows the scripts carrying this response's nonce, never a hash of whatever inline script the
      // HTML holds (a post's content that slipped past the sanitizer would be hashed too). A page the public cache
      // keeps replays its nonce with its HTML: the nonce was made after the content was read, so no stored content
      // can carry it.
      const page = Buffer.from(await response.arrayBuffer());
      reply.header('content-security-policy', app.pagePolicy([`'nonce-${nonce}'`]));
      // An answer to a form post is sent from the form routes' scope, which has no reply.compress.
      if (answer || app.publicCache.willStore(request)) return reply.send(page);
      return reply.compress(page);
    }
    // A page the public cache keeps is read whole; the cache compresses it once for every later visitor.
    if (answer || app.publicCache.willStore(request)) return reply.send(Buffer.from(await response.arrayBuffer()));
    const body = Readable.fromWeb(response.body as WebReadableStream);
    return reply.compress(body);
  }

  /**
   * Whether a document this page shows has a published version other than the installation's. When that cannot
   * be known (the database is away and nothing was read before), the built page is the last good version.
   */
  async function showsEditedContent(pathname: string): Promise<boolean> {
    const keys = contentKeysForPath(pathname === '/index.html' ? '/' : pathname.replace(/\/index\.html$/, ''));
    if (!keys.length) return false;
    try {
      const documents = await app.siteContent.current();
      return keys.some((key) => documents.get(key)?.edited);
    } catch (error) {
      app.log.warn({ err: error }, 'content unavailable; the prerendered page is served');
      return false;
    }
  }

  /** Prerendered pages are kept by the public cache when they are rendered (edited content). */
  const isPrerendered = (pathname: string) =>
    pages.has(pathname) || pages.has(`${pathname.replace(/\/$/, '')}/index.html`);

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = safeDecode(request.url.split('?')[0] ?? '/');
    // Unknown API paths answer JSON, never a web page.
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
    // An empty path segment ("//", "/a//b") names no page; the router would read it as another one.
    if (pathname.includes('//')) return reply.callNotFound();
    const page = pages.get(pathname) ?? pages.get(`${pathname.replace(/\/$/, '')}/index.html`);
    // The prerendered file is the page as built from the default content: right until one of its documents
    // is edited (docs/decisions/0021-edited-pages-from-memory.md). A preview link shows a draft: rendered.
    if (page && !CONTENT_PREVIEW.test(request.url) && !(await showsEditedContent(pathname))) {
      app.publicCache.skip(request);
      return sendPage(request, reply, page);
    }
    // A prerendered page's data for React Router's client navigations (/about.data, /_root.data for /):
    // rendered like its page once the page's content was edited.
    const dataOf = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length).replace(/^\/_root$/, '/') : null;
    if (dataOf && files.has(pathname) && (await showsEditedContent(dataOf))) return render(request, reply);
    if (files.has(pathname)) return sendStatic(reply, pathname);
    return render(request, reply);
  };

  app.usePageRenderer((request, reply, answer) => render(request, reply, answer));

  const config = {
    publicCache: (pathname: string) => isCachedPage(pathname) || isPrerendered(pathname),
    // The blog's list reads its search, tag and page; every other page reads no query parameter.
    publicCacheParams: (pathname: string) => (pathname === '/blog' ? BLOG_LIST_QUERY_PARAMS : []),
  };
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler, config });
  app.route({ method: ['GET', 'HEAD'], url: '/', handler, config });
});
