// A prerendered or server-rendered page shows its forms before React runs it. These helpers keep what
// the visitor did in that moment (docs/decisions/0006-first-paint-before-hydration.md).
import { type Dispatch, type RefObject, type SetStateAction, useEffect, useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/** False in the server's HTML and while hydrating, true once React runs the page. */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

/** The named fields of `form` whose value differs from `initial` (files are left to their fields). */
function typedBeforeHydration<T extends Record<string, string>>(form: HTMLFormElement, initial: T): Partial<T> {
  const typed: Record<string, string> = {};
  for (const element of Array.from(form.elements)) {
    const isField =
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement;
    if (!isField || element.type === 'file' || !Object.hasOwn(initial, element.name)) continue;
    if (element.value !== initial[element.name]) typed[element.name] = element.value;
  }
  return typed as Partial<T>;
}

/**
 * The values as the form shows them. A field can show text React has not heard of (typed while the page
 * was hydrating, after the copy below was taken): what is sent is what the visitor sees.
 */
export function shownValues<T extends Record<string, string>>(form: HTMLFormElement | null, values: T): T {
  return form ? { ...values, ...typedBeforeHydration(form, values) } : values;
}

/**
 * Right after hydration, copies into the form's state what was typed or chosen before it. React keeps
 * that text on screen but starts its state from the initial values: without this it would be lost.
 */
export function useKeepTypedBeforeHydration<T extends Record<string, string>>(
  formRef: RefObject<HTMLFormElement | null>,
  initial: T,
  setValues: Dispatch<SetStateAction<T>>,
) {
  useEffect(() => {
    const typed = formRef.current ? typedBeforeHydration(formRef.current, initial) : {};
    if (Object.keys(typed).length) setValues((old) => ({ ...old, ...typed }));
    // Once, right after hydration: later changes reach the state through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** A file picked in the prerendered page before it hydrated stays chosen (React's state starts empty). */
export function usePickedBeforeHydration(
  inputRef: RefObject<HTMLInputElement | null>,
  onChange: (file: File | null) => void,
) {
  useEffect(() => {
    const picked = inputRef.current?.files?.[0];
    if (picked) onChange(picked);
    // Once, right after hydration: later picks arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
