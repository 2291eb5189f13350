// The drawer the admin's editors (blog posts, job openings) create or edit one thing in: the shared Modal
// as a drawer around a form. A failed save keeps it open with what was typed and the server's message:
// next to each field it named (the first of them gets focus), else above the fields. An editor with a page
// preview (the blog's) shows it beside the form on a wide screen and one tap away on a phone; a text clicked in it
// focuses the field holding it (find-field.ts).
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Modal } from '~/components/ui/modal';
import { ApiRequestError } from '~/lib/api';
import { inputClass, labelClass, primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { findField, focusControl } from './find-field';

/** What a failed save reports: a sentence and, when the server named them, one message per field. */
export interface SaveFailure {
  error: string;
  fields?: Record<string, string>;
}

/** A refused save as the drawer shows it: `message`, with the server's reason and fields when it named them (400). */
export function saveFailure(error: unknown, message: string): SaveFailure {
  const body = error instanceof ApiRequestError && error.status === 400 ? error.body : undefined;
  return { error: body?.error ? `${message}: ${body.error}` : message, fields: body?.fields };
}

interface EditorDrawerProps {
  /** The drawer's heading and accessible name, e.g. "Edit Blog". */
  title: string;
  /** The submit button's text, e.g. "Update Blog". */
  submitLabel: string;
  onClose: () => void;
  /** Saves what the form holds; resolves to null when saved (the caller closes the drawer), else to what went wrong. */
  save: () => Promise<SaveFailure | null>;
  /** Two columns from medium screens up; a field that spans both is marked `wide`. */
  columns?: 1 | 2;
  /** The fields, given the last failed save (null before one). */
  children: (failure: SaveFailure | null) => ReactNode;
  /** The page as it will look, given what to do with a text clicked in it. */
  preview?: (onTextClick: (text: string) => void) => ReactNode;
}

const WIDE = 'md:col-span-2';

export function EditorDrawer({ title, submitLabel, onClose, save, columns = 1, children, preview }: EditorDrawerProps) {
  const form = useRef<HTMLFormElement>(null);
  const formId = useId();
  const [showPreview, setShowPreview] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  // After a failed save, focus the first field the server blamed: keyboard and screen reader users land on it.
  useEffect(() => {
    if (failure?.fields) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const result = await save();
    setSaving(false);
    setFailure(result);
  }

  const fields = (
    <form
      ref={form}
      id={formId}
      onSubmit={(event) => void submit(event)}
      noValidate
      className={`${columns === 2 ? 'grid gap-5 md:grid-cols-2' : 'space-y-5'} ${
        preview && showPreview ? 'hidden lg:block' : ''
      } min-w-0`}
    >
      {failure && !failure.fields && (
        <p role="alert" className={`rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900 ${WIDE}`}>
          {failure.error}
        </p>
      )}
      {children(failure)}
      <div className={WIDE}>
        <button type="submit" className={primaryButton} disabled={saving}>
          {submitLabel}
        </button>
      </div>
    </form>
  );

  return (
    <Modal variant="drawer" title={title} onClose={onClose} size={preview ? 'xl' : 'md'}>
      {preview ? (
        <>
          <button
            type="button"
            className={`${secondaryButton} mb-4 lg:hidden`}
            aria-expanded={showPreview}
            aria-controls={`${formId}-preview`}
            onClick={() => setShowPreview(!showPreview)}
          >
            {showPreview ? 'Back to the form' : 'Show the page preview'}
          </button>
          <div className="grid gap-6 lg:grid-cols-2">
            {fields}
            <aside
              id={`${formId}-preview`}
              aria-label="Page preview"
              className={`min-w-0 lg:sticky lg:top-0 lg:block lg:self-start ${showPreview ? '' : 'hidden'}`}
            >
              {preview((text) => {
                const fields = document.getElementById(formId);
                const control = fields && findField(fields, text);
                if (!control) return;
                setShowPreview(false);
                // The form shows again on a phone before its field is focused.
                requestAnimationFrame(() => focusControl(control));
              })}
            </aside>
          </div>
        </>
      ) : (
        fields
      )}
    </Modal>
  );
}

/** What a Field hands its control: its id, look, and the hint and error that describe it. */
export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** A labelled control of an editor with an optional hint and the server's message for it. */
export function Field({
  id,
  label,
  hint,
  error,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** Spans both columns of a two-column editor. */
  wide?: boolean;
  children: (props: ControlProps) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={wide ? WIDE : undefined}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({
        id,
        className: `${inputClass}${error ? ' border-red-700' : ''}`,
        'aria-invalid': Boolean(error),
        'aria-describedby': described || undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
