// What draws the toasts of state/toasts.ts: plain DOM, no React, so that a toast raised by a page's plain script
// (a form's missing-field message before its island has hydrated, public-runtime) shows in the frame it was raised
// (DECISIONS.md 10), and the islands' toasts the same way. At most TOAST.maxVisible, bottom-left, sliding in over
// TOAST.enterMs and out over TOAST.exitMs; each hides TOAST.autoHideMs after it is drawn unless it persists.
import { TOAST } from '@agency/contract';
import { type ToastItem, type ToastVariant, currentToasts, dismiss, subscribeToasts } from '~/state/toasts';

const STYLES: Record<ToastVariant, string> = {
  default: 'bg-slate-900 text-white',
  success: 'bg-green-700 text-white',
  warning: 'bg-amber-400 text-slate-950',
  error: 'bg-red-700 text-white',
  info: 'bg-sky-800 text-white',
};
const CARD =
  'pointer-events-auto flex max-w-sm items-start gap-3 rounded-md px-4 py-3 text-sm shadow-lg transition-all';
const SHOWN = ['translate-y-0', 'opacity-100'];
const AWAY = ['translate-y-2', 'opacity-0'];

function card(item: ToastItem): HTMLLIElement {
  const li = document.createElement('li');
  li.dataset.variant = item.variant;
  li.className = `${CARD} ${STYLES[item.variant]} ${AWAY.join(' ')}`;
  li.style.transitionDuration = `${TOAST.enterMs}ms`;
  // The role sits inside the list item: a list may only hold list items (axe).
  const text = document.createElement('span');
  text.setAttribute('role', item.variant === 'error' ? 'alert' : 'status');
  text.className = 'flex-1';
  if (item.title) {
    const title = document.createElement('strong');
    title.className = 'block font-semibold';
    title.textContent = item.title;
    text.append(title);
  }
  text.append(item.message);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = '-mr-1 rounded px-1 leading-none opacity-80 hover:opacity-100';
  close.setAttribute('aria-label', 'Close notification');
  close.textContent = '×';
  close.addEventListener('click', () => dismiss(item.id));
  li.append(text, close);
  return li;
}

let started = false;

/** Draws the toasts from now on (once per document; React Router's pages call it from <Toaster>). */
export function startToastList() {
  if (started) return;
  started = true;
  let list: HTMLOListElement | null = null;
  const drawn = new Map<number, { li: HTMLLIElement; timer?: number; leaving: boolean }>();

  const render = () => {
    const items = currentToasts();
    if (!list) {
      if (items.length === 0) return;
      // A named region, so the toasts sit in a landmark like the rest of the page (axe).
      const section = document.createElement('section');
      section.setAttribute('aria-label', 'Notifications');
      section.className = 'pointer-events-none fixed bottom-4 left-4 z-[100]';
      list = document.createElement('ol');
      list.className = 'flex flex-col gap-2';
      section.append(list);
      document.body.append(section);
    }
    for (const [id, shown] of drawn) {
      if (items.some((item) => item.id === id)) continue;
      window.clearTimeout(shown.timer);
      shown.li.remove();
      drawn.delete(id);
    }
    for (const item of items) {
      let shown = drawn.get(item.id);
      if (!shown) {
        const li = card(item);
        list.append(li);
        // Counted from when the toast is drawn.
        const timer = item.persist ? undefined : window.setTimeout(() => dismiss(item.id), TOAST.autoHideMs);
        shown = { li, timer, leaving: false };
        drawn.set(item.id, shown);
        // Laid out away first, then moved in: the transition runs.
        void li.offsetHeight;
        li.classList.remove(...AWAY);
        li.classList.add(...SHOWN);
      }
      if (item.leaving && !shown.leaving) {
        shown.leaving = true;
        shown.li.style.transitionDuration = `${TOAST.exitMs}ms`;
        shown.li.classList.remove(...SHOWN);
        shown.li.classList.add(...AWAY);
      }
    }
  };
  subscribeToasts(render);
  render();
}
