// Draws the toasts of state/toasts.ts: mounted once in the root. What draws them (toast-list.tsx) is
// fetched with the first toast, not with the page; state/toasts.ts `preloadToasts()` fetches it earlier.
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { currentToasts, setToastListLoader, subscribeToasts } from '~/state/toasts';

export { toast } from '~/state/toasts';

const loadToastList = () => import('./toast-list');
const ToastList = lazy(loadToastList);
setToastListLoader(loadToastList);

let used = false;

/** Renders the open toasts; mounted once in the root. Nothing at all until the first toast. */
export function Toaster() {
  const current = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  used ||= current.length > 0;
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ToastList items={current} />
    </Suspense>
  );
}
