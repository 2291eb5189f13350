// What a zod 4 schema says of itself (its `_zod.def`): read by the code that walks a content document's schema
// (site-content.ts, for its Markdown fields; content-labels.ts, for its fields' labels).
import type { z } from 'zod';

export interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
}
export const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
