// Paths of the account pages: the web's routes and the links in account mail. Kept apart from
// account.ts so a page that only links to them does not pull zod in.

export const ACCOUNT_PATHS = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  account: '/admin/account',
} as const;
