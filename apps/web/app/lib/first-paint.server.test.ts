import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { firstPaintFirst } from './first-paint.server';

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
