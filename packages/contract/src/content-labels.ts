// A content document's field named as staff know it (issue 31): the labels of its schema (`.meta({ label })`)
// along its path, a list item by its own title ("Plans → Starter → Price" for `plans.0.price`). The API's
// publish checks (422) and the admin's Publish box both name fields this way.
import type { z } from 'zod';
import { defOf, type ZodDef } from './zod-def.ts';
const ownMeta = (schema: z.ZodType) =>
  (schema as unknown as { meta(): { kind?: string; label?: string } | undefined }).meta?.() ?? {};

/** The schema under its wrappers (optional, pipe, default…), keeping the outermost label met on the way. */
function unwrapped(schema: z.ZodType): { schema: z.ZodType; label?: string } {
  let label = ownMeta(schema).label;
  let current = schema;
  for (;;) {
    const def = defOf(current);
    const next =
      def.type === 'pipe'
        ? def.in
        : ['optional', 'nullable', 'default', 'readonly'].includes(def.type)
          ? def.innerType
          : undefined;
    if (!next) return { schema: current, label };
    current = next;
    label ??= ownMeta(current).label;
  }
}

/** "positionSummaries" → "Position summaries". */
export const humanizeKey = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
};

/** The label a field's schema gives it, or its key in words. */
export const schemaLabel = (schema: z.ZodType, key: string): string => unwrapped(schema).label ?? humanizeKey(key);

/** Fields whose text names a list item when it is folded or named in a message, in order of preference. */
const TITLE_FIELDS = ['name', 'title', 'question', 'heading', 'label', 'eyebrow', 'city'];

/** The title of one item of a list: its name, title, question… as typed; null when it has none yet. */
export function itemTitle(value: unknown): string | null {
  if (typeof value === 'string') {
    const text = value.replace(/[#*_`>[\]()]/g, '').trim();
    return text ? (text.length > 40 ? `${text.slice(0, 39)}…` : text) : null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  for (const name of TITLE_FIELDS) {
    const text = (value as Record<string, unknown>)[name];
    if (typeof text === 'string' && text.trim())
      return text.trim().length > 40 ? `${text.trim().slice(0, 39)}…` : text.trim();
  }
  return null;
}

/** "Plans" → "Plan", "Categories" → "Category": what one item of a list is called. */
export const singular = (label: string) =>
  label.endsWith('ies')
    ? `${label.slice(0, -3)}y`
    : label.endsWith('s') && !label.endsWith('ss')
      ? label.slice(0, -1)
      : label;

/** A list item's name: its own title, or "Plan 2" while it has none. */
export function itemName(listLabel: string, element: z.ZodType | undefined, value: unknown, index: number): string {
  return (
    itemTitle(value) ??
    `${element ? (unwrapped(element).label ?? singular(listLabel)) : singular(listLabel)} ${index + 1}`
  );
}

/**
 * The labels along `path` in the document: `plans.0.price` of the packages → ["Plans", "Starter", "Price"]. A
 * part the schema does not describe is named by its key in words.
 */
export function fieldLabels(schema: z.ZodType, data: unknown, path: readonly (string | number)[]): string[] {
  const labels: string[] = [];
  let current: z.ZodType | undefined = schema;
  let value: unknown = data;
  let parentLabel = '';
  for (const raw of path) {
    const part = String(raw);
    const inner: z.ZodType | undefined = current ? unwrapped(current).schema : undefined;
    let def: ZodDef | undefined = inner ? defOf(inner) : undefined;
    if (def?.type === 'union' && def.options) {
      const option: z.ZodType | undefined =
        def.options.find((candidate: z.ZodType) => candidate.safeParse(value).success) ??
        def.options.find((candidate: z.ZodType) => {
          const type = defOf(unwrapped(candidate).schema).type;
          return Array.isArray(value)
            ? type === 'array'
            : typeof value === 'object'
              ? type === 'object'
              : type === 'string';
        });
      def = option ? defOf(unwrapped(option).schema) : undefined;
    }
    const next: unknown =
      value && typeof value === 'object' ? (value as Record<string, unknown>)[part as keyof object] : undefined;
    if (def?.type === 'array') {
      const index = Number(part);
      labels.push(Number.isInteger(index) ? itemName(parentLabel, def.element, next, index) : humanizeKey(part));
      current = def.element;
    } else if (def?.type === 'object' && def.shape?.[part]) {
      const child: z.ZodType = def.shape[part];
      current = child;
      labels.push(schemaLabel(child, part));
    } else if (def?.type === 'record') {
      current = def.valueType;
      labels.push(part);
    } else {
      current = undefined;
      labels.push(humanizeKey(part));
    }
    parentLabel = labels.at(-1) ?? '';
    value = next;
  }
  return labels;
}

/** `plans.0.price` → "Plans → Starter → Price"; the whole document: "The whole document". */
export function fieldLabel(schema: z.ZodType, data: unknown, field: string): string {
  const path = field === '' || field === 'data' ? [] : field.split('.');
  return path.length ? fieldLabels(schema, data, path).join(' → ') : 'The whole document';
}
