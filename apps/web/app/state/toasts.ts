// Toast notifications (docs/product.md section 1 and 9): at most 3 visible, bottom-left, auto-hide after
// 5000 ms on screen unless told to stay, 225 ms enter and 195 ms exit. Call `toast(...)` from anywhere. The open
// toasts live here; components/ui/toast-list.ts draws them, plain DOM without React.
import { TOAST } from '@agency/contract';
import { readTab, writeTab } from '~/lib/tab-memory';

export type ToastVariant = 'default' | 'success' | 'warning' | 'error' | 'info';

export interface ToastOptions {
  variant?: ToastVariant;
  /** Keep the toast until the visitor closes it. */
  persist?: boolean;
  /** A bold first line above the message (a title / description pair). */
  title?: string;
  /**
   * Who raised it (a form): a later toast with the same key replaces this one, so a form's success is not shown
   * beside its earlier "missing information".
   */
  key?: string;
}

export interface ToastItem {
  id: number;
  message: string;
  title?: string;
  variant: ToastVariant;
  persist: boolean;
  leaving: boolean;
  key?: string;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function dismiss(id: number) {
  items = items.map((item) => (item.id === id ? { ...item, leaving: true } : item));
  emit();
  setTimeout(() => {
    items = items.filter((item) => item.id !== id);
    emit();
  }, TOAST.exitMs);
}

/** Shows a toast; the oldest is dropped when more than TOAST.maxVisible are open. */
export function toast(message: string, { variant = 'default', persist = false, title, key }: ToastOptions = {}) {
  const same = items.find(
    (open) =>
      key !== undefined && open.key === key && !open.leaving && open.message === message && open.title === title,
  );
  if (same && same.variant === variant) return same.id;
  const item: ToastItem = { id: nextId++, message, title, variant, persist, leaving: false, key };
  const others = key === undefined ? items : items.filter((open) => open.key !== key);
  items = [...others, item].slice(-TOAST.maxVisible);
  emit();
  // Its auto-hide timer starts when it is drawn (toast-list.ts).
  return item.id;
}
toast.success = (message: string, options?: Omit<ToastOptions, 'variant'>) =>
  toast(message, { ...options, variant: 'success' });
toast.error = (message: string, options?: Omit<ToastOptions, 'variant'>) =>
  toast(message, { ...options, variant: 'error' });
toast.info = (message: string, options?: Omit<ToastOptions, 'variant'>) =>
  toast(message, { ...options, variant: 'info' });
toast.warning = (message: string, options?: Omit<ToastOptions, 'variant'>) =>
  toast(message, { ...options, variant: 'warning' });

export const subscribeToasts = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const currentToasts = (): readonly ToastItem[] => items;

/** A script moves the visitor to another page: the open toasts are carried there (lib/tab-memory.ts). */
export function carryToastsToNextPage() {
  const open = items.filter((item) => !item.leaving);
  if (open.length === 0) return;
  writeTab({
    toasts: open.map(({ message, title, variant, persist }) => ({ message, title, variant, persist })),
  });
}

const VARIANTS: readonly ToastVariant[] = ['default', 'success', 'warning', 'error', 'info'];

/** The toasts carried from the page before (carryToastsToNextPage), taken once; [] when none. */
export function takeCarriedToasts(): { message: string; options: ToastOptions }[] {
  const carried = readTab().toasts;
  if (!Array.isArray(carried) || carried.length === 0) return [];
  writeTab({ toasts: [] });
  return carried
    .filter((item) => typeof item?.message === 'string')
    .map((item) => ({
      message: item.message,
      options: {
        variant: VARIANTS.find((variant) => variant === item.variant) ?? 'default',
        persist: item.persist === true,
        ...(typeof item.title === 'string' ? { title: item.title } : {}),
      },
    }));
}
