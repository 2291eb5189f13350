// Keeps the first paint ahead of the JavaScript (docs/decisions/0006-first-paint-before-hydration.md):
// - drops the <link rel="modulepreload"> tags that React Router's <Scripts> puts in the <head>;
// - makes its module script at the end of <body> start fetching the route modules only after the first
//   frame is painted, so on a slow network the scripts do not compete with the HTML, the stylesheet and the
//   font for the first paint. The same modules load, one frame later; the page is complete before that.
import { Transform, type TransformCallback } from 'node:stream';

const HEAD_END = Buffer.from('</head>');
const MODULE_SCRIPT = Buffer.from('<script type="module" async="">');
const SCRIPT_END = Buffer.from('</script>');
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
/** React Router's static imports of the route modules: `import * as route0 from "/assets/root-x.js";` */
const ROUTE_IMPORT = /^import \* as (\w+) from ("[^"\n]+");$/gm;
const OTHER_STATIC_IMPORT = /^\s*import\s+["*{\w]/m;
/** Resolves after the frame that is being prepared has been painted. */
const AFTER_FIRST_PAINT = 'await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));';

const withoutModulePreloads = (head: string) => head.replace(MODULE_PRELOAD, '');

/**
 * The module script's route imports become dynamic imports after the first paint (fetched together, as
 * before). A script of another shape is returned unchanged: it still works, only earlier.
 */
export function deferRouteModules(script: string): string {
  const imports: { name: string; url: string }[] = [];
  const rest = script.replace(ROUTE_IMPORT, (_line, name: string, url: string) => {
    imports.push({ name, url });
    return '';
  });
  if (imports.length === 0 || OTHER_STATIC_IMPORT.test(rest)) return script;
  const names = imports.map((entry) => entry.name).join(', ');
  const loads = imports.map((entry) => `import(${entry.url})`).join(', ');
  return `${AFTER_FIRST_PAINT}\nconst [${names}] = await Promise.all([${loads}]);${rest}`;
}

/**
 * A stream of HTML bytes in which the <head> comes out without modulepreload links and the body's module
 * script defers its imports. It holds back only the bytes before `</head>`, and later only a possible start
 * of the module script until its end has arrived; everything else passes straight through.
 */
export function firstPaintFirst(): Transform {
  let inHead = true;
  let held: Buffer = Buffer.alloc(0);
  let scriptDone = false;

  function body(buffer: Buffer, push: (chunk: Buffer) => void): Buffer {
    if (scriptDone) {
      push(buffer);
      return Buffer.alloc(0);
    }
    const start = buffer.indexOf(MODULE_SCRIPT);
    if (start === -1) {
      // Keep the bytes that could be the beginning of the marker split across chunks.
      const keep = Math.min(buffer.length, MODULE_SCRIPT.length - 1);
      push(buffer.subarray(0, buffer.length - keep));
      return buffer.subarray(buffer.length - keep);
    }
    const end = buffer.indexOf(SCRIPT_END, start + MODULE_SCRIPT.length);
    if (end === -1) {
      push(buffer.subarray(0, start));
      return buffer.subarray(start);
    }
    scriptDone = true;
    const source = buffer.subarray(start + MODULE_SCRIPT.length, end).toString('utf8');
    push(buffer.subarray(0, start + MODULE_SCRIPT.length));
    push(Buffer.from(deferRouteModules(source), 'utf8'));
    push(buffer.subarray(end));
    return Buffer.alloc(0);
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const buffer = Buffer.concat([held, chunk]);
      const out: Buffer[] = [];
      const push = (part: Buffer) => {
        if (part.length) out.push(part);
      };
      if (inHead) {
        const end = buffer.indexOf(HEAD_END);
        if (end === -1) {
          held = buffer;
          return callback();
        }
        inHead = false;
        // '</head>' is ASCII, so the cut never splits a multi-byte character of the head.
        push(Buffer.from(withoutModulePreloads(buffer.subarray(0, end).toString('utf8')), 'utf8'));
        held = body(buffer.subarray(end), push);
      } else {
        held = body(buffer, push);
      }
      callback(null, out.length ? Buffer.concat(out) : undefined);
    },
    flush(callback: TransformCallback) {
      callback(null, held.length ? held : undefined);
    },
  });
}
