// Reply templates as GET /api/admin/reply-templates answers them, in one shape for the admin's screens:
// a list of `{ kind, name, subject, text }`.
import { LEAD_KINDS, type LeadKind } from '@agency/contract';

export interface ReplyTemplate {
  kind: LeadKind;
  name: string;
  subject: string;
  text: string;
}

export const REPLY_TEMPLATES_PATH = '/admin/reply-templates';

const isKind = (value: unknown): value is LeadKind =>
  typeof value === 'string' && (LEAD_KINDS as readonly string[]).includes(value);

function entry(kind: LeadKind, value: unknown, index: number): ReplyTemplate | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (typeof record.subject !== 'string' || typeof record.text !== 'string') return null;
  const name = typeof record.name === 'string' && record.name ? record.name : `Template ${index + 1}`;
  return { kind, name, subject: record.subject, text: record.text };
}

/** The templates of an answer: `{ templates }` or the bare value, a list or a map of kind to template(s). */
export function templatesOf(answer: unknown): ReplyTemplate[] {
  const value =
    answer && typeof answer === 'object' && 'templates' in answer
      ? (answer as { templates: unknown }).templates
      : answer;
  const found: ReplyTemplate[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const kind = (item as { kind?: unknown } | null)?.kind;
      const template = isKind(kind) ? entry(kind, item, index) : null;
      if (template) found.push(template);
    });
  } else if (value && typeof value === 'object') {
    for (const kind of LEAD_KINDS) {
      const own = (value as Record<string, unknown>)[kind];
      const list = Array.isArray(own) ? own : own ? [own] : [];
      list.forEach((item, index) => {
        const template = entry(kind, item, index);
        if (template) found.push(template);
      });
    }
  }
  return found;
}
