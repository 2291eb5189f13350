// State shared by the public forms: the field values, and the error answer shown inline.
import { EMAIL_PATTERN, MESSAGES, type ApiError, type NativeFormAnswer } from '@agency/contract';
import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterNextFrame } from '~/lib/after-next-frame';
import { ApiRequestError } from '~/lib/api-error';
import { shownValues, useKeepTypedBeforeHydration } from '~/lib/hydration';
import { answeredValues } from '~/lib/native-form';
import { FORM_HOOKS } from './public-form.enhance';

/**
 * Field values with a setter per field and a reset to the initial values. Attach `formRef` to the
 * form: what was typed into its named fields before the page hydrated is taken into the values.
 * `answered`: the server's answer to the form posted without JavaScript, when the page shows it.
 */
export function useFormValues<T extends Record<string, string>>(initial: T, answered?: NativeFormAnswer | null) {
  // A page answering a refused native post starts from what was sent; a reset still empties the form.
  const [values, setValues] = useState<T>(() => answeredValues(initial, answered));
  const formRef = useRef<HTMLFormElement>(null);
  useKeepTypedBeforeHydration(formRef, initial, setValues);
  const set = useCallback(
    <K extends keyof T>(field: K) =>
      (value: T[K]) =>
        setValues((old) => ({ ...old, [field]: value })),
    [],
  );
  const reset = useCallback(() => setValues(initial), [initial]);
  /** What to send: the values as the form shows them (lib/hydration.ts `shownValues`). */
  const shown = () => shownValues(formRef.current, values);
  return { values, set, reset, formRef, shown };
}

/**
 * What every public form keeps: its values, the error answer shown inline, whether it is sending,
 * and its element (to focus the first field the answer names).
 */
export function useFormState<T extends Record<string, string>>(initial: T, answered?: NativeFormAnswer | null) {
  const { values, set, reset, formRef } = useFormValues(initial, answered);
  const [answer, setAnswer] = useState<ApiError | null>(answered?.error ?? null);
  const [loading, setLoading] = useState(false);
  const fieldError = (name: string) => answer?.fields?.[name];
  /** Name, value, setter and error of one field, as the field components take them. */
  const bind = <K extends keyof T & string>(name: K) => ({
    name,
    value: values[name],
    onChange: set(name),
    error: fieldError(name),
  });
  /** Shows an error answer and moves focus to the first field it names. */
  const showAnswer = (shown: ApiError) => {
    setAnswer(shown);
    focusFirstInvalid(formRef.current, shown.fields);
  };
  /** Drops the answer once the visitor changes the field it blamed. */
  const forgetError = (name: string) => setAnswer((old) => (old?.fields?.[name] ? null : old));
  return {
    values,
    set,
    reset,
    answer,
    setAnswer,
    loading,
    setLoading,
    formRef,
    fieldError,
    bind,
    showAnswer,
    forgetError,
  };
}

/** A picked file, and a key that gives its (uncontrollable) file input a fresh start when cleared. */
export function useFileChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const clearFile = useCallback(() => {
    setFile(null);
    setFileKey((key) => key + 1);
  }, []);
  return { file, setFile, fileKey, clearFile };
}

/**
 * "Submitting..." in the frame of the press (issue 29): the form gets `data-sending`, which SubmitButton's label
 * follows in CSS (as before hydration, public-form.enhance.ts), so the press's own task only sets an attribute; once
 * that frame is drawn React's state takes over (`setLoading(true)`), and the contract's local check that follows
 * (the send kit, and zod building a schema's checks on its first use: hundreds of milliseconds on a slow phone)
 * never holds the answer back. The caller puts `setLoading(false)` back when the check refuses. False: the form is
 * already sending (a second press within that frame), nothing to do. An address that cannot be valid (the
 * contract's EMAIL_PATTERN) skips it: its own sentence is the answer, with no "Submitting..." before it.
 */
export async function sendingFirst(
  form: HTMLFormElement | null,
  setLoading: (loading: boolean) => void,
  email: string,
): Promise<boolean> {
  if (!form || !new RegExp(EMAIL_PATTERN).test(email.trim())) return true;
  if (form.hasAttribute(FORM_HOOKS.sending)) return false;
  form.setAttribute(FORM_HOOKS.sending, '');
  await new Promise<void>((resolve) => afterNextFrame(resolve));
  flushSync(() => setLoading(true));
  form.removeAttribute(FORM_HOOKS.sending);
  return true;
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The local answer with one more field's error (the file checks the schema cannot make); null when
 * neither has anything to say. The schema's sentence comes first.
 */
export function withFieldError(invalid: ApiError | null, field: string, error: string | undefined): ApiError | null {
  if (!invalid && !error) return null;
  const fields = { ...invalid?.fields, ...(error ? { [field]: error } : {}) };
  return { error: invalid?.error ?? error ?? MESSAGES.http.badRequest, fields };
}

/** The server's `{ error, fields }` of a failed request, with `fallback` when it sent none. */
export function answerOf(error: unknown, fallback: string): ApiError {
  if (error instanceof ApiRequestError && error.body) return error.body;
  return { error: fallback };
}

/** A multipart body: every text value, then the extra parts (files keep their names; null ones are left out). */
export function toFormData(
  values: Record<string, string>,
  extra: Record<string, string | Blob | null | undefined> = {},
): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  for (const [key, value] of Object.entries(extra)) {
    if (value instanceof File) data.append(key, value, value.name);
    else if (value != null) data.append(key, value);
  }
  return data;
}

/** Moves focus to the first control the error answer names, so keyboard users land on it. */
export function focusFirstInvalid(form: HTMLFormElement | null, fields: Record<string, string> | undefined) {
  if (!form || !fields) return;
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && fields[name]) {
      (element as HTMLElement).focus();
      return;
    }
  }
}
