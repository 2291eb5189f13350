// The browser runs zod without code generation. zod probes `new Function` when a schema is created (to speed
// up object parsing), and a strict Content-Security-Policy (no 'unsafe-eval') reports that probe as a
// violation even though zod catches it. Schemas are created while the page's modules load, so the setting
// must be in place before any module runs: an inline script in <head> sets zod's shared configuration
// object (the one `z.config()` writes). The server keeps the faster generated parsers.

/** Inline script for the document <head>, before any module script. */
export const ZOD_WITHOUT_EVAL_SCRIPT =
  'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});';
