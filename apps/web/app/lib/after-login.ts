// Where /login sends a user once signed in: /admin, or the admin link that sent them to log in.
import { ADMIN_PATH, pathOf } from '~/content/pages';

const NEXT_PARAM = 'next';

/** /login, carrying `target` when it is more than the bare admin path (e.g. /admin?lead=quotes/…). */
export function loginPathFor(target: string): string {
  const login = pathOf('login');
  return target === ADMIN_PATH ? login : `${login}?${new URLSearchParams({ [NEXT_PARAM]: target })}`;
}

/** The page to open after login: the `next` of /login's query if it is an admin page, else /admin. */
export function afterLoginPath(search: string): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  // Only our own admin pages: a `next` pointing elsewhere would make /login an open redirect.
  const isAdminPage =
    next !== null && (next === ADMIN_PATH || ['/', '?', '#'].some((mark) => next.startsWith(`${ADMIN_PATH}${mark}`)));
  return isAdminPage ? next : ADMIN_PATH;
}
