// One labelled field of the account screens (login, register, password reset, the account page): the
// input carries `name` so the form also posts without JavaScript, and the server's message for it, when
// there is one, describes it.
import { useId } from 'react';
import { inputClass, labelClass } from '~/components/admin/form-styles';

export interface AccountFieldProps {
  /** The input's name (what a native post sends) and the key of its value in the form's state. */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The input's id; by default one of its own. */
  id?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  autoFocus?: boolean;
  /** The server's message for this field. */
  error?: string | undefined;
}

export function AccountField({
  name,
  label,
  value,
  onChange,
  id,
  type = 'text',
  autoComplete,
  inputMode,
  autoFocus,
  error,
}: AccountFieldProps) {
  const own = useId();
  const inputId = id ?? own;
  return (
    <div>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': `${inputId}-error` } : {})}
      />
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
