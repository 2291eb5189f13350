// What draws the toasts of state/toasts.ts, fetched with the first one (components/ui/toast.tsx).
import { TOAST } from '@agency/contract';
import { useEffect, useState } from 'react';
import { type ToastItem, type ToastVariant, dismiss } from '~/state/toasts';

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
  // Counted from when the toast is drawn, not from when it was called (its first one waits for this file).
  const { id, persist } = item;
  useEffect(() => {
    if (persist) return;
    const timer = window.setTimeout(() => dismiss(id), TOAST.autoHideMs);
    return () => window.clearTimeout(timer);
  }, [id, persist]);
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

export default function ToastList({ items }: { items: readonly ToastItem[] }) {
  return (
    // A named region, so the toasts sit in a landmark like the rest of the page (axe).
    <section aria-label="Notifications" className="pointer-events-none fixed bottom-4 left-4 z-[100]">
      <ol className="flex flex-col gap-2">
        {items.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
