// How the admin area names and shows each kind of lead; the fields themselves come from the contract.
import { LEAD_KINDS, LEAD_KINDS_WITH_FILE, type LeadKind } from '@agency/contract';

export interface KindSettings {
  /** What one lead is called in buttons and messages. */
  noun: string;
  /** The field that names the sender; then the kind's own list columns. */
  nameField: string;
  columns: string[];
}

export const KINDS: Record<LeadKind, KindSettings> = {
  quotes: { noun: 'quote', nameField: 'fullName', columns: ['companyName', 'services'] },
  contacts: { noun: 'message', nameField: 'name', columns: ['subject'] },
  applications: { noun: 'application', nameField: 'name', columns: ['position'] },
};

export const isLeadKind = (value: unknown): value is LeadKind =>
  typeof value === 'string' && (LEAD_KINDS as readonly string[]).includes(value);

export const hasFile = (kind: LeadKind) => (LEAD_KINDS_WITH_FILE as readonly LeadKind[]).includes(kind);

/** `kind/id` of the old mail links (/admin?lead=quotes/…). */
export function parseLeadLink(value: string | null): { kind: LeadKind; id: string } | null {
  const [kind, id] = (value ?? '').split('/');
  return isLeadKind(kind) && id ? { kind, id } : null;
}

export const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
export const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
export const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const capitalise = (value: string) => `${value.charAt(0).toUpperCase()}${value.slice(1)}`;
