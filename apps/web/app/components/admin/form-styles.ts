// Tailwind classes shared by the admin area's forms and buttons.
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600';
export const labelClass = 'block text-sm font-medium text-slate-800';
export const primaryButton =
  'rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton =
  'rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60';
export const dangerButton =
  'rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60';
/** A delete that needs a confirmation after it: outlined, so it does not draw the eye like a primary action. */
export const outlineDangerButton =
  'rounded-md border border-red-700 px-4 py-2 font-medium text-red-800 hover:bg-red-50';
