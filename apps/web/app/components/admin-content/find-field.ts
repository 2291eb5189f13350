// Which field of an editor's form holds a text clicked in its page preview (page-frame.tsx): the page draws the
// fields' values, so the field is the one whose value is that text, else holds it, else is held by it (a price
// drawn with its currency, a heading with fixed words around it). Markdown is compared as the words it shows.

/** The words a value shows: Markdown's marks and link addresses left out, case and spacing ignored. */
export function shownWords(value: string): string {
  return value
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const CONTROLS =
  'input:not([type]), input[type="text"], input[type="url"], input[type="email"], input[type="tel"], textarea';

/** The form's control best matching `text`, or null. */
export function findField(form: ParentNode, text: string): HTMLInputElement | HTMLTextAreaElement | null {
  const wanted = shownWords(text);
  if (!wanted) return null;
  let best: { control: HTMLInputElement | HTMLTextAreaElement; score: number } | null = null;
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(CONTROLS)) {
    const value = shownWords(control.value);
    if (!value) continue;
    // Equal beats holding it (the shortest value that does), which beats being held by it (the longest).
    const score =
      value === wanted
        ? 3e6
        : value.includes(wanted) && wanted.length >= 3
          ? 2e6 - value.length
          : wanted.includes(value) && value.length >= 3
            ? 1e6 + value.length
            : 0;
    if (score > (best?.score ?? 0)) best = { control, score };
  }
  return best?.control ?? null;
}

/** Shows and focuses a control: the folds around it opened, scrolled to the middle of the screen. */
export function focusControl(control: HTMLElement) {
  for (let fold = control.closest('details'); fold; fold = fold.parentElement?.closest('details') ?? null)
    fold.open = true;
  control.scrollIntoView({ block: 'center' });
  control.focus({ preventScroll: true });
}
