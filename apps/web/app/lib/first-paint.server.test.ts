import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { deferRouteModules, firstPaintFirst } from './first-paint.server';

const HEAD =
  '<!DOCTYPE html><html><head><title>Café — Nexora</title><link rel="modulepreload" href="/assets/entry.client-1.js"/>' +
  '<link rel="stylesheet" href="/assets/root.css"/><link rel="modulepreload" href="/assets/root-2.js"/></head>';
const BODY = '<body><h1>Café</h1><script type="module">import "/assets/root-2.js";</script></body></html>';

/** Streams `html` through the transform in chunks of `size` bytes, as React's renderer would. */
async function throughTransform(html: string, size: number) {
  const bytes = Buffer.from(html, 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return text(Readable.from(chunks).pipe(firstPaintFirst()));
}

describe('firstPaintFirst', () => {
  it('drops the modulepreload links of the head and keeps everything else, whatever the chunking', async () => {
    const expected =
      '<!DOCTYPE html><html><head><title>Café — Nexora</title><link rel="stylesheet" href="/assets/root.css"/></head>' +
      BODY;
    for (const size of [1, 3, 7, 64, 100_000]) {
      expect(await throughTransform(HEAD + BODY, size)).toBe(expected);
    }
  });

  it('leaves the body alone, even text that looks like a modulepreload link', async () => {
    const body = '<body><pre>&lt;link rel="modulepreload"&gt;</pre><link rel="modulepreload" href="/late.js"/></body>';
    expect(await throughTransform(`<head></head>${body}`, 5)).toBe(`<head></head>${body}`);
  });

  it('passes a document without a head through unchanged', async () => {
    expect(await throughTransform('<p>just a fragment</p>', 4)).toBe('<p>just a fragment</p>');
  });
});

/** React Router's module script, as <Scripts> writes it for a prerendered page. */
const ROUTER_SCRIPT = `;
import * as route0 from "/assets/root-1.js";
import * as route1 from "/assets/home-2.js";
  window.__reactRouterManifest = { "entry": { "module": "/assets/entry.client-3.js" } };
  window.__reactRouterRouteModules = {"root":route0,"home":route1};

import("/assets/entry.client-3.js");`;

describe('deferRouteModules', () => {
  it('turns the static route imports into dynamic imports made together after the first paint', () => {
    const deferred = deferRouteModules(ROUTER_SCRIPT);
    expect(deferred).not.toMatch(/^import \*/m);
    expect(deferred.indexOf('requestAnimationFrame')).toBeLessThan(deferred.indexOf('import("/assets/root-1.js")'));
    expect(deferred).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-1.js"), import("/assets/home-2.js")]);',
    );
    // What follows the imports is kept as it was, in order.
    expect(deferred.endsWith(ROUTER_SCRIPT.slice(ROUTER_SCRIPT.indexOf('\n  window.__reactRouterManifest')))).toBe(
      true,
    );
  });

  it('runs as a module: the route modules reach window before the entry is imported', async () => {
    const loaded: string[] = [];
    const script = deferRouteModules(ROUTER_SCRIPT)
      .replace(/^;/, '')
      .replace(/import\(("[^"]+")\)/g, 'load($1)');
    const globals = { __reactRouterRouteModules: undefined as unknown };
    const run = new Function('window', 'load', 'requestAnimationFrame', `return (async () => { ${script} })();`) as (
      w: object,
      load: (url: string) => Promise<object>,
      raf: (cb: () => void) => void,
    ) => Promise<void>;
    await run(
      globals,
      async (url) => (loaded.push(url), { url }),
      (cb) => cb(),
    );
    expect(loaded).toEqual(['/assets/root-1.js', '/assets/home-2.js', '/assets/entry.client-3.js']);
    expect(globals.__reactRouterRouteModules).toEqual({
      root: { url: '/assets/root-1.js' },
      home: { url: '/assets/home-2.js' },
    });
  });

  it('leaves a script of another shape alone', () => {
    const other = 'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";';
    expect(deferRouteModules(other)).toBe(other);
    expect(deferRouteModules('console.log(1)')).toBe('console.log(1)');
  });

  it('finds the module script in the streamed body whatever the chunking', async () => {
    const html = `<head><link rel="modulepreload" href="/a.js"/></head><body><p>Café</p><script type="module" async="">${ROUTER_SCRIPT}</script><script>tail()</script></body>`;
    const expected = `<head></head><body><p>Café</p><script type="module" async="">${deferRouteModules(ROUTER_SCRIPT)}</script><script>tail()</script></body>`;
    for (const size of [1, 5, 31, 64, 100_000]) expect(await throughTransform(html, size)).toBe(expected);
  });
});
