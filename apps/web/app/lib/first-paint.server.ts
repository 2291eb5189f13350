// Keeps the first paint ahead of the JavaScript: drops the <link rel="modulepreload"> tags that React
// Router's <Scripts> puts in the <head> (docs/decisions/0006-first-paint-before-hydration.md).
// The module script at the end of <body> still loads the same modules, one round trip later.
import { Transform, type TransformCallback } from 'node:stream';

const HEAD_END = Buffer.from('</head>');
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

const withoutModulePreloads = (head: string) => head.replace(MODULE_PRELOAD, '');

/**
 * A stream of HTML bytes in which the <head> comes out without modulepreload links. It holds back
 * only the bytes before `</head>` (the shell's first flush); everything after passes straight through.
 */
export function firstPaintFirst(): Transform {
  let held: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!held) return callback(null, chunk);
      const buffer = Buffer.concat([held, chunk]);
      const end = buffer.indexOf(HEAD_END);
      if (end === -1) {
        held = buffer;
        return callback();
      }
      held = null;
      // '</head>' is ASCII, so the cut never splits a multi-byte character of the head.
      const head = withoutModulePreloads(buffer.subarray(0, end).toString('utf8'));
      callback(null, Buffer.concat([Buffer.from(head, 'utf8'), buffer.subarray(end)]));
    },
    flush(callback: TransformCallback) {
      callback(null, held && held.length ? held : undefined);
    },
  });
}
