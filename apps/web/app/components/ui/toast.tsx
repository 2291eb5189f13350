// The toasts of state/toasts.ts under React Router: <Toaster> starts their plain-DOM list (toast-list.ts), which
// the public pages' entry starts without React (public-runtime/runtime.ts).
import { useEffect } from 'react';
import { startToastList } from './toast-list';

export { toast } from '~/state/toasts';

/** Draws the toasts; mounted once in the root. */
export function Toaster() {
  useEffect(startToastList, []);
  return null;
}
