// Imported first by every process that opens the embedded database (the server, the backup CLI): PGlite's
// WebAssembly runs on V8's baseline compiler only (Liftoff), never tiered up to TurboFan. Tiering up one of
// PostgreSQL's large functions (the executor's, 40-130 KB of code each) made the main thread wait 0.2 s (idle
// machine) to 2 s (loaded) on the compiling worker, at the first backup of a process or any first heavy query,
// and cost seconds of CPU and ~40-60 MiB per process. Decision 0043. No effect on PostgreSQL (no WebAssembly).
import { setFlagsFromString } from 'node:v8';

/** V8's flag: set before PGlite compiles its module (createDb), so this module is imported first. */
export const WASM_BASELINE_FLAG = '--liftoff-only';

setFlagsFromString(WASM_BASELINE_FLAG);
