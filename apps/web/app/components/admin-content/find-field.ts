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

/** Which of `values` shows `text` best (its index), or -1. */
export function bestMatch(text: string, values: readonly string[]): number {
  const wanted = shownWords(text);
  let best = { index: -1, score: 0 };
  values.forEach((raw, index) => {
    const value = shownWords(raw);
    if (!wanted || !value) return;
    // Equal beats holding it (the shortest value that does), which beats being held by it (the longest).
    const score =
      value === wanted
        ? 3e6
        : value.includes(wanted) && wanted.length >= 3
          ? 2e6 - value.length
          : wanted.includes(value) && value.length >= 3
            ? 1e6 + value.length
            : 0;
    if (score > best.score) best = { index, score };
  });
  return best.index;
}

/** The form's control best matching `text`, or null. */
export function findField(form: ParentNode, text: string): HTMLInputElement | HTMLTextAreaElement | null {
  const controls = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(CONTROLS)];
  return (
    controls[
      bestMatch(
        text,
        controls.map((control) => control.value),
      )
    ] ?? null
  );
}

/** Shows and focuses a control: the folds around it opened, scrolled to the middle of the screen. */
export function focusControl(control: HTMLElement) {
  for (let fold = control.closest('details'); fold; fold = fold.parentElement?.closest('details') ?? null)
    fold.open = true;
  control.scrollIntoView({ block: 'center' });
  control.focus({ preventScroll: true });
}
