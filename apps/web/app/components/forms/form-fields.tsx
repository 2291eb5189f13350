// Building blocks of the public forms: labelled fields with their error text, the honeypot,
// the inline alert, the upload progress bar and the submit button, and the form that holds them.
import { HONEYPOT_FIELD, MESSAGES, NOT_SPECIFIED, TEXTAREA_ROWS, type ApiError } from '@agency/contract';
import {
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
  type FormEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { usePickedBeforeHydration } from '~/lib/hydration';
import { nativePost } from '~/lib/native-form';
import { FORM_HOOKS, type MissingRule } from './public-form.enhance';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-700';

interface FieldShell {
  label: string;
  name: string;
  /** Marks the label with an asterisk and the control as required (checks run in code: forms are noValidate). */
  required?: boolean;
  error?: string;
  className?: string;
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
      {label}
      {required && (
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      )}
    </label>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  );
}

const describedBy = (errorId: string, error?: string) =>
  error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};

type TextControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** What an input, select or textarea bound to a text value takes, whatever its kind. */
const controlProps = (
  id: string,
  { name, value, required, onChange, error }: FieldShell & { value: string; onChange: (value: string) => void },
) => ({
  id,
  name,
  value,
  required,
  onChange: (event: ChangeEvent<TextControl>) => onChange(event.target.value),
  className: inputClass,
  ...describedBy(`${id}-error`, error),
});

/** A file input is described by its hint and its error, when it has them. */
const fileDescribedBy = (id: string, hint?: string, error?: string) => ({
  'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
  'aria-invalid': error ? true : undefined,
});

/** The markup around every control: the label above, the error text below. */
function FieldFrame({
  id,
  label,
  required,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id} label={label} required={required} />
      {children}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export interface TextFieldProps extends FieldShell {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
}

export function TextField({ type = 'text', autoComplete, inputMode, ...field }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} {...field}>
      <input {...controlProps(id, field)} type={type} autoComplete={autoComplete} inputMode={inputMode} />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends FieldShell {
  value: string;
  onChange: (value: string) => void;
  /** The options' values; `labels` may give a different text to show for a value. */
  options: readonly string[];
  labels?: Readonly<Record<string, string>>;
  /** Text of the first, disabled option with the empty value. */
  placeholder: string;
  /** Adds the 'Not Specified' option after the placeholder. */
  notSpecified?: boolean;
}

export function SelectField({ options, labels, placeholder, notSpecified, ...field }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} {...field}>
      <select {...controlProps(id, field)}>
        <option value="" disabled>
          {placeholder}
        </option>
        {notSpecified && <option value={NOT_SPECIFIED}>{NOT_SPECIFIED}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends FieldShell {
  value: string;
  onChange: (value: string) => void;
}

export function TextAreaField(field: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} {...field}>
      <textarea {...controlProps(id, field)} rows={TEXTAREA_ROWS} />
    </FieldFrame>
  );
}

export interface FileFieldProps extends FieldShell {
  /** Called with the picked file, or null when the choice is cleared. */
  onChange: (file: File | null) => void;
  accept?: string;
  hint?: string;
  /** A `data-*` attribute a plain-script behaviour finds the input by (career-form.enhance.ts). */
  hook?: string;
}

/**
 * A native file input. It cannot be controlled: give it a new `key` to clear it.
 */
export function FileField({ label, name, onChange, accept, required, error, hint, className, hook }: FileFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  usePickedBeforeHydration(inputRef, onChange);
  return (
    <FieldFrame id={id} label={label} required={required} error={error} className={className}>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={accept}
        required={required}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.files?.[0] ?? null)}
        {...(hook ? { [hook]: '' } : {})}
        className="mt-1 block w-full text-sm text-slate-800 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
        {...fileDescribedBy(id, hint, error)}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </FieldFrame>
  );
}

export interface DropZoneProps extends FieldShell {
  file: File | null;
  onChange: (file: File | null) => void;
  hint?: string;
}

/**
 * A file input inside a zone that also takes a dropped file. The input stays in the tab order
 * (visually hidden), so Tab + Enter/Space or a click on the zone opens the file chooser.
 */
export function DropZone({ label, name, file, onChange, hint, error, className }: DropZoneProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  usePickedBeforeHydration(inputRef, onChange);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChange(dropped);
  };

  const clear = () => {
    if (inputRef.current) inputRef.current.value = '';
    onChange(null);
  };

  return (
    <FieldFrame id={id} label={label} error={error} className={className}>
      {/* A pointer convenience: the whole zone opens the chooser; keyboard users reach the input itself. */}
      <div
        onClick={(event) => {
          if (event.target !== inputRef.current) inputRef.current?.click();
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-1 flex cursor-pointer flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed px-4 py-6 text-center text-sm focus-within:ring-2 focus-within:ring-brand-600 ${dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'}`}
      >
        <span aria-hidden="true" className="font-semibold text-brand-700">
          Choose a file or drag it here
        </span>
        {hint && (
          <span id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </span>
        )}
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          className="sr-only"
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          {...fileDescribedBy(id, hint, error)}
        />
      </div>
      {file && (
        <p className="mt-2 flex items-center gap-3 text-sm text-slate-800">
          <span>
            Selected file: <span className="font-medium">{file.name}</span>
          </span>
          <button type="button" onClick={clear} className="rounded text-brand-700 underline hover:text-brand-900">
            Remove file
          </button>
        </p>
      )}
    </FieldFrame>
  );
}

/** The field only bots fill in; it is sent with the form and must stay empty. */
export function Honeypot() {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The honeypot's value in a submitted form. */
export function honeypotValue(form: HTMLFormElement): string {
  const input = form.elements.namedItem(HONEYPOT_FIELD);
  return input instanceof HTMLInputElement ? input.value : '';
}

/** An inline message that screen readers announce; `title` adds a bold first line. */
export function FormAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
      {title && <p className="font-semibold">{title}</p>}
      <p>{children}</p>
    </div>
  );
}

/** Shown while a multipart body is sending; `fraction` is 0..1. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const id = useId();
  const percent = Math.round(fraction * 100);
  return (
    <div className="flex items-center gap-3 text-sm text-slate-800">
      <label htmlFor={id}>Upload progress</label>
      <progress id={id} max={100} value={percent} className="h-2 flex-1 accent-brand-600">
        {percent}%
      </progress>
      <span aria-hidden="true">{percent}%</span>
    </div>
  );
}

/** Enabled from the first paint: before hydration the form posts natively (see lib/native-form.ts). */
export function SubmitButton({ loading, children }: { loading: boolean; children?: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={loading}
      className="inline-flex items-center justify-center rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70 in-data-sending:opacity-70"
    >
      {loading ? (
        MESSAGES.quote.submitting
      ) : (
        <>
          {/* A form sent while its island loads says so at once (public-form.enhance.ts sets `data-sending`). */}
          <span className="in-data-sending:hidden">{children ?? MESSAGES.quote.submit}</span>
          <span className="hidden in-data-sending:inline">{MESSAGES.quote.submitting}</span>
        </>
      )}
    </button>
  );
}

/**
 * The form element of every public form: checks run in code (noValidate), two columns, the honeypot first.
 * With `action` it also posts natively, without JavaScript (`withFile`: as multipart).
 */
export function PublicForm({
  formRef,
  label,
  onSubmit,
  action,
  withFile,
  missing,
  children,
}: {
  formRef: Ref<HTMLFormElement>;
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The page the form posts to without JavaScript (its own); none for the modal, which needs the script. */
  action?: string;
  withFile?: boolean;
  /** What "Send" answers when a required field is empty: the island's rule, and the page's plain script's before
   *  the island has hydrated (public-form.enhance.ts). */
  missing?: readonly MissingRule[];
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      {...(action ? nativePost(action, withFile) : {})}
      className="relative grid gap-5 md:grid-cols-2"
      aria-label={label}
      // The page's entry asks the proof-of-work challenge on the first use of this form (lib/challenge-request.ts).
      data-challenge=""
      {...(missing ? { [FORM_HOOKS.rules]: JSON.stringify(missing) } : {})}
    >
      <Honeypot />
      {children}
    </form>
  );
}

/** The last row of a form: the upload progress while sending, the error answer, then the submit button. */
export function SubmitArea({
  loading,
  progress = null,
  answer,
  children,
}: {
  loading: boolean;
  /** 0..1 while a multipart body is sending, else null (or left out by forms that send no file). */
  progress?: number | null;
  answer: ApiError | null;
  /** The button's text when it is not the quote forms' 'Submit'. */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 md:col-span-2">
      {progress !== null && <UploadProgress fraction={progress} />}
      {answer && <FormAlert>{answer.error}</FormAlert>}
      <div>
        <SubmitButton loading={loading}>{children}</SubmitButton>
      </div>
    </div>
  );
}
