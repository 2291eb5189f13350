// What the public forms' pages need of the contract besides its options and limits, apart from the schemas:
// a page imports this without zod, which comes with the form's send code (apps/web/app/lib/send-kit.ts).

/** Name of the hidden field that only bots fill in. */
export const HONEYPOT_FIELD = 'hp_website';

/** Fields the quote modal must send non-empty (docs/product.md section 5). */
export const QUOTE_MODAL_REQUIRED = [
  'fullName',
  'deadline',
  'budget',
  'services',
  'size',
  'contactMethod',
  'companyName',
  'phone',
  'source',
] as const;

/** Fields a regional quote form must send non-empty. */
export const QUOTE_REGIONAL_REQUIRED = ['fullName', 'email', 'phone', 'companyName'] as const;
