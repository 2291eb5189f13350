// Merge fields of the replies staff send from a lead (issue 32, point 3): `{firstName}`, `{company}`… filled from
// the lead and the sender. One implementation for the admin's reply box (when a template is inserted) and the
// server (when the reply is sent, where a token left unfilled is refused with 400 naming it).
import { BRAND_NAME } from './brand.ts';
import { type LeadKind, NOT_SPECIFIED } from './options.ts';

export const MERGE_FIELDS = [
  'firstName',
  'name',
  'company',
  'service',
  'budget',
  'senderName',
  'senderFirstName',
  'agencyName',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** Each field's value for one lead and sender; null when the lead has none (an application has no company). */
export type MergeValues = Record<MergeField, string | null>;

/** A token of the text that cannot be filled: not a merge field, or one without a value for this lead. */
export interface MergeProblem {
  /** As written, with its braces: `{company}`. */
  token: string;
  reason: 'unknown' | 'empty';
}

/** `{word}`: what staff write as a merge field (letters, digits and `_`, starting with a letter). */
const TOKEN = /\{([A-Za-z][A-Za-z0-9_]{0,39})\}/g;

export const MERGE_MESSAGES = {
  unknown: (token: string) =>
    `${token} is not a merge field; use one of ${MERGE_FIELDS.map((field) => `{${field}}`).join(', ')}`,
  empty: (token: string) => `${token} has no value for this lead; write that part yourself`,
} as const;

export const mergeProblemMessage = (problem: MergeProblem) => MERGE_MESSAGES[problem.reason](problem.token);

const isMergeField = (name: string): name is MergeField => (MERGE_FIELDS as readonly string[]).includes(name);

/**
 * Fills every known token that has a value, in one pass (a filled value is never read again for tokens); the
 * tokens left as written are listed once each, in order of appearance.
 */
export function fillMergeFields(text: string, values: MergeValues): { text: string; problems: MergeProblem[] } {
  const problems: MergeProblem[] = [];
  const filled = text.replace(TOKEN, (token: string, name: string) => {
    const value = isMergeField(name) ? values[name] : undefined;
    if (value) return value;
    if (!problems.some((problem) => problem.token === token)) {
      problems.push({ token, reason: isMergeField(name) ? 'empty' : 'unknown' });
    }
    return token;
  });
  return { text: filled, problems };
}

/** The first word of a name ("Jane Smith" → "Jane"). */
const firstWord = (name: string | null) => name?.trim().split(/\s+/)[0] || null;

/** A stored text field, or null when empty or the form's "Not Specified". */
function valueOf(lead: Record<string, unknown>, key: string): string | null {
  const value = lead[key];
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text && text !== NOT_SPECIFIED ? text : null;
}

/** Where each kind keeps the sender's name, company, service and budget (camelCase, as the admin API answers). */
const LEAD_MERGE_KEYS: Record<LeadKind, { name: string; company?: string; service?: string; budget?: string }> = {
  quotes: { name: 'fullName', company: 'companyName', service: 'services', budget: 'budget' },
  contacts: { name: 'name' },
  applications: { name: 'name' },
};

/** The merge values of a lead (its row or its admin API item) written by `sender` (the signed-in staff member). */
export function mergeValuesOf(kind: LeadKind, lead: Record<string, unknown>, sender: { name: string }): MergeValues {
  const keys = LEAD_MERGE_KEYS[kind];
  const name = valueOf(lead, keys.name);
  const senderName = sender.name.replace(/\s+/g, ' ').trim() || null;
  return {
    firstName: firstWord(name),
    name,
    company: keys.company ? valueOf(lead, keys.company) : null,
    service: keys.service ? valueOf(lead, keys.service) : null,
    budget: keys.budget ? valueOf(lead, keys.budget) : null,
    senderName,
    senderFirstName: firstWord(senderName),
    agencyName: BRAND_NAME,
  };
}
