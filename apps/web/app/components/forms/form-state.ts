// State shared by the public forms: the field values, and the error answer shown inline.
import { validationError, type ApiError } from '@agency/contract';
import { useCallback, useState } from 'react';
import { ApiRequestError } from '~/lib/api';

/** Field values with a setter per field and a reset to the initial values. */
export function useFormValues<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const set = useCallback(
    <K extends keyof T>(field: K) =>
      (value: T[K]) =>
        setValues((old) => ({ ...old, [field]: value })),
    [],
  );
  const reset = useCallback(() => setValues(initial), [initial]);
  return { values, set, reset };
}

type Issues = Parameters<typeof validationError>[0];
/** Any contract schema (kept structural so the web need not import zod itself). */
interface Checkable {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: Issues } };
}

/** The same answer the server would give for bad input, computed before sending; null when valid. */
export function checkLocally(schema: Checkable, input: unknown): ApiError | null {
  const result = schema.safeParse(input);
  return result.success ? null : validationError(result.error.issues);
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
