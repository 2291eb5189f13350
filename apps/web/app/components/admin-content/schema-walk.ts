// Reads a content document's zod schema (packages/contract/src/site-content.ts) as a form: what kind of
// control each field is, its label, and an empty value for a new list item. Only the shapes the documents
// use are known: objects, lists, text (with `.meta({ kind, label })`), numbers, choices, unions, records
// and optional fields; anything else is shown as read-only JSON, never dropped.
import type { z } from 'zod';

export type FieldKind =
  | 'text'
  | 'paragraph'
  | 'markdown'
  | 'link'
  | 'email'
  | 'date'
  | 'id'
  | 'price'
  | 'number'
  | 'choice'
  | 'image'
  | 'object'
  | 'list'
  | 'union'
  | 'record'
  | 'optional'
  | 'unknown';

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string>;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  schema?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

export interface FieldMeta {
  kind?: string;
  label?: string;
  /** The line under the field, where its label alone does not say what it is for. */
  help?: string;
  /** Only a developer changes it: kept under "Advanced", closed. */
  advanced?: boolean;
}

/** The `.meta()` a field was given (kind, label, help…), looking through wrappers that keep the meaning. */
export function metaOf(schema: z.ZodType): FieldMeta {
  const own = (schema as unknown as { meta(): FieldMeta | undefined }).meta?.() ?? {};
  if (own.kind || own.label) return own;
  const def = defOf(schema);
  if (def.type === 'pipe' && def.in) return metaOf(def.in);
  if ((def.type === 'default' || def.type === 'readonly' || def.type === 'nullable') && def.innerType)
    return metaOf(def.innerType);
  return own;
}

/** The schema without pipes and transforms: what the form edits. */
export function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  if ((def.type === 'default' || def.type === 'readonly') && def.innerType) return unwrap(def.innerType);
  if (def.type === 'lazy' && def.getter) return unwrap(def.getter());
  return schema;
}

export function kindOf(schema: z.ZodType): FieldKind {
  const meta = metaOf(schema);
  const def = defOf(unwrap(schema));
  if (def.type === 'optional') return 'optional';
  if (meta.kind === 'image') return 'image';
  if (def.type === 'object') return 'object';
  if (def.type === 'array') return 'list';
  if (def.type === 'union') return 'union';
  if (def.type === 'record') return 'record';
  if (def.type === 'enum') return 'choice';
  if (def.type === 'number') return meta.kind === 'price' ? 'price' : 'number';
  if (def.type === 'string') {
    const known = ['text', 'paragraph', 'markdown', 'link', 'email', 'date', 'id'] as const;
    return (known as readonly string[]).includes(meta.kind ?? '') ? (meta.kind as FieldKind) : 'text';
  }
  return 'unknown';
}

/** A form's object value (not an array, not null). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

export const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> => defOf(unwrap(schema)).shape ?? {};
export const elementOf = (schema: z.ZodType): z.ZodType | undefined => defOf(unwrap(schema)).element;
export const innerOf = (schema: z.ZodType): z.ZodType | undefined => defOf(unwrap(schema)).innerType;
export const optionsOf = (schema: z.ZodType): z.ZodType[] => defOf(unwrap(schema)).options ?? [];
export const choicesOf = (schema: z.ZodType): string[] => Object.values(defOf(unwrap(schema)).entries ?? {});

/** "positionSummaries" → "Position summaries": a label for a field whose schema names none. */
export const humanize = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
};

export const labelOf = (schema: z.ZodType, key: string) => metaOf(schema).label ?? humanize(key);

/** The most characters a text field takes, or undefined. */
export const maxLengthOf = (schema: z.ZodType): number | undefined => {
  const max = (unwrap(schema) as unknown as { maxLength?: number | null }).maxLength;
  return typeof max === 'number' && Number.isFinite(max) ? max : undefined;
};

/** A value to start a new list item (or an optional part) with: empty text, the first choice, zero. */
export function emptyValue(schema: z.ZodType): unknown {
  switch (kindOf(schema)) {
    case 'optional':
      return undefined;
    case 'object':
    case 'image':
      return Object.fromEntries(
        Object.entries(shapeOf(schema))
          .filter(([, field]) => kindOf(field) !== 'optional')
          .map(([key, field]) => [key, emptyValue(field)]),
      );
    case 'list':
      return [];
    case 'record':
      return {};
    case 'union':
      return emptyValue(optionsOf(schema)[0]!);
    case 'choice':
      return choicesOf(schema)[0] ?? '';
    case 'price':
    case 'number':
      return 0;
    default:
      return '';
  }
}

/** Which option of a union a value is: the first whose kind matches the value's type. */
export function unionIndex(schema: z.ZodType, value: unknown): number {
  const options = optionsOf(schema);
  const index = options.findIndex((option) => {
    const kind = kindOf(option);
    if (typeof value === 'string') return !['object', 'list', 'record', 'image'].includes(kind);
    if (Array.isArray(value)) return kind === 'list';
    return kind === 'object' || kind === 'image' || kind === 'record';
  });
  return Math.max(index, 0);
}

/** A short name of a union option for its switch ("Paragraph", "List"). */
export function optionLabel(option: z.ZodType, index: number): string {
  const meta = metaOf(option).label;
  if (meta) return meta;
  const shape = shapeOf(option);
  const first = Object.keys(shape)[0];
  return first ? labelOf(shape[first]!, first) : `Option ${index + 1}`;
}
