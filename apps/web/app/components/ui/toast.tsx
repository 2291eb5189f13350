// Toast notifications (docs/product.md section 1 and 9): at most 3 visible, bottom-left, auto-hide after
// 5000 ms unless told to stay, 225 ms enter and 195 ms exit. Call `toast(...)` from anywhere.
import { TOAST } from '@agency/contract';
import { useEffect, useState, useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'success' | 'warning' | 'error' | 'info';

export interface ToastOptions {
  variant?: ToastVariant;
  /** Keep the toast until the visitor closes it. */
  persist?: boolean;
  /** A bold first line above the message (a title / description pair). */
  title?: string;
}

interface ToastItem {
  id: number;
  message: string;
  title?: string;
  variant: ToastVariant;
  persist: boolean;
  leaving: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function dismiss(id: number) {
  items = items.map((item) => (item.id === id ? { ...item, leaving: true } : item));
  emit();
  setTimeout(() => {
    items = items.filter((item) => item.id !== id);
    emit();
  }, TOAST.exitMs);
}

/** Shows a toast; the oldest is dropped when more than TOAST.maxVisible are open. */
export function toast(message: string, { variant = 'default', persist = false, title }: ToastOptions = {}) {
  const item: ToastItem = { id: nextId++, message, title, variant, persist, leaving: false };
  items = [...items, item].slice(-TOAST.maxVisible);
  emit();
  if (!persist) setTimeout(() => dismiss(item.id), TOAST.autoHideMs);
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

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const STYLES: Record<ToastVariant, string> = {
  default: 'bg-slate-900 text-white',
  success: 'bg-green-700 text-white',
  warning: 'bg-amber-400 text-slate-950',
  error: 'bg-red-700 text-white',
  info: 'bg-sky-800 text-white',
};

function ToastCard({ item }: { item: ToastItem }) {
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setEntered(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const visible = entered && !item.leaving;
  return (
    <li
      data-variant={item.variant}
      className={`pointer-events-auto flex max-w-sm items-start gap-3 rounded-md px-4 py-3 text-sm shadow-lg transition-all ${STYLES[item.variant]} ${visible ? 'translate-y-0 opacity-100' : 'translate-y-2 opacity-0'}`}
      style={{ transitionDuration: `${item.leaving ? TOAST.exitMs : TOAST.enterMs}ms` }}
    >
      {/* The role sits inside the list item: a list may only hold list items (axe). */}
      <span role={item.variant === 'error' ? 'alert' : 'status'} className="flex-1">
        {item.title && <strong className="block font-semibold">{item.title}</strong>}
        {item.message}
      </span>
      <button
        type="button"
        onClick={() => dismiss(item.id)}
        className="-mr-1 rounded px-1 leading-none opacity-80 hover:opacity-100"
        aria-label="Close notification"
      >
        ×
      </button>
    </li>
  );
}

/** Renders the open toasts; mounted once in the root. */
export function Toaster() {
  const current = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  return (
    // A named region, so the toasts sit in a landmark like the rest of the page (axe).
    <section aria-label="Notifications" className="pointer-events-none fixed bottom-4 left-4 z-[100]">
      <ol className="flex flex-col gap-2">
        {current.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
