// The public forms, login and register also work as plain HTML forms (no JavaScript, or before the page
// has hydrated): each posts to its own page's address, and the server answers a 303 to a thank-you page or
// the same page again with its refusal. What both sides need to agree on is written here.
import { ACCOUNT_PATHS } from './account-paths.ts';
import { MESSAGES } from './messages.ts';
import { REGION_SETTINGS } from './options.ts';

// The honeypot and the required fields are here, apart from the schemas, so that a page can use them
// without zod, which comes with the form's send code (apps/web/app/lib/send-kit.ts).

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

/** The lead forms a browser can post natively, with the page each one lives on. */
export const NATIVE_LEAD_FORMS = {
  // A regional form's page names its region: a quote posted there is that region's.
  quoteUk: { page: REGION_SETTINGS.uk.path, thanks: '/quote/thank-you', region: 'uk' },
  quoteNepal: { page: REGION_SETTINGS.nepal.path, thanks: '/quote/thank-you', region: 'nepal' },
  contact: { page: '/connect', thanks: '/connect/thank-you' },
  application: { page: '/career', thanks: '/career/thank-you' },
} as const;

export const NATIVE_AUTH_FORMS = {
  login: ACCOUNT_PATHS.login,
  register: '/register',
  forgotPassword: ACCOUNT_PATHS.forgotPassword,
  resetPassword: ACCOUNT_PATHS.resetPassword,
  /** The invitation's page (issue 22): the token in a hidden field, answered like a login. */
  acceptInvite: '/accept-invite',
} as const;

/** The query /login carries after a registration (no personal data: only that it happened). */
export const REGISTERED_PARAM = 'registered';
/** Its value after the site's first account, the admin, was registered (`1` after any other). */
export const REGISTERED_ADMIN = 'admin';

/** The query /forgot-password carries once a reset link was asked for (the same for any address). */
export const RESET_REQUESTED_PARAM = 'sent';

/** The query /login carries after a new password was chosen through a reset link. */
export const PASSWORD_RESET_PARAM = 'reset';

/** What a thank-you page says: what the script version's toast says (the address, not known here, aside). */
export const THANK_YOU = {
  quote: {
    path: NATIVE_LEAD_FORMS.quoteUk.thanks,
    title: MESSAGES.regionalQuote.successTitle,
    body: MESSAGES.regionalQuote.successBody,
    back: { path: '/quote', label: 'Back to the quote form' },
  },
  contact: {
    path: NATIVE_LEAD_FORMS.contact.thanks,
    title: 'Message sent',
    body: MESSAGES.contact.submitted,
    back: { path: NATIVE_LEAD_FORMS.contact.page, label: 'Back to Connect' },
  },
  application: {
    path: NATIVE_LEAD_FORMS.application.thanks,
    title: MESSAGES.career.dialog,
    body: "We'll contact you at the email address you gave.",
    back: { path: NATIVE_LEAD_FORMS.application.page, label: 'Back to Careers' },
  },
} as const;
