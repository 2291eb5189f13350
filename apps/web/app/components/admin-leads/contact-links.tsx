// Email addresses and phone numbers in the admin area are links: a tap on a phone writes or calls.
import type { ReactNode } from 'react';

const linkClass = 'font-medium break-all text-brand-700 underline hover:text-brand-800';

/** The number as a tel: link dials it: digits and a leading +, nothing else. */
export const telHref = (phone: string) => `tel:${phone.trim().replace(/(?!^\+)[^\d]/g, '')}`;

export function EmailLink({ email, children }: { email: string; children?: ReactNode }) {
  if (!email) return <>—</>;
  return (
    <a href={`mailto:${email}`} className={linkClass}>
      {children ?? email}
    </a>
  );
}

export function PhoneLink({ phone }: { phone: string }) {
  if (!phone || !/\d/.test(phone)) return <>{phone || '—'}</>;
  return (
    <a href={telHref(phone)} className={linkClass}>
      {phone}
    </a>
  );
}

/** Fields of a lead that hold an email address or a phone number, by name. */
export const EMAIL_FIELDS: readonly string[] = ['email'];
export const PHONE_FIELDS: readonly string[] = ['phone', 'contact'];

/** A lead's field as the admin shows it: mail and phone as links, anything else as text. */
export function FieldValue({ name, value }: { name: string; value: unknown }) {
  const shown = value === null || value === undefined || value === '' ? '' : String(value);
  if (shown && EMAIL_FIELDS.includes(name)) return <EmailLink email={shown} />;
  if (shown && PHONE_FIELDS.includes(name)) return <PhoneLink phone={shown} />;
  return <>{shown || '—'}</>;
}
