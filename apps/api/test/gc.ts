// V8's garbage collector, for tests that measure memory. Vitest starts the workers, so there is no --expose-gc on
// the command line: the flag is switched on just long enough to take the function, then off again, since a worker
// runs other test files after this one (vitest.config.ts: no isolation).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export type CollectGarbage = (options?: { type: 'minor' | 'major' }) => void;

let collect: CollectGarbage | undefined;

export function garbageCollector(): CollectGarbage {
  if (collect) return collect;
  setFlagsFromString('--expose-gc');
  try {
    collect = runInNewContext('gc') as CollectGarbage;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  return collect;
}
