// /register: name, email and password; on success /login. No client-side checks (docs/product.md 5).
import { useEffect, useId, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { inputClass, labelClass, primaryButton } from '~/components/admin/form-styles';
import { useFormValues } from '~/components/forms/form-state';
import { useHydrated } from '~/lib/hydration';
import { pageSeo } from '~/lib/seo';
import { authStore, register, useAuth } from '~/state/auth';

export const meta = () => [...pageSeo('register'), { name: 'robots', content: 'noindex' }];

const EMPTY = { name: '', email: '', password: '' };

export default function Register() {
  const navigate = useNavigate();
  const { loading, error } = useAuth();
  const { values, set, formRef } = useFormValues(EMPTY);
  const id = useId();
  const hydrated = useHydrated();

  // An error left over from the login screen does not belong here.
  useEffect(() => authStore.dispatch({ type: 'auth/clearError' }), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await register(values)) navigate('/login');
  }

  const field = (name: keyof typeof values, label: string, type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => set(name)(event.target.value)}
        className={inputClass}
      />
    </div>
  );

  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-3xl font-bold">Register</h1>
      <form ref={formRef} onSubmit={submit} noValidate className="mt-8 space-y-5">
        {field('name', 'Name', 'text', 'name')}
        {field('email', 'Email', 'email', 'email')}
        {field('password', 'Password', 'password', 'new-password')}
        {error && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        {/* Disabled until hydrated: a native submit would put the password into the URL. */}
        <button type="submit" disabled={loading || !hydrated} className={`${primaryButton} w-full`}>
          Register
        </button>
      </form>
      <p className="mt-6 text-sm text-slate-700">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-brand-700 underline">
          Login
        </Link>
      </p>
    </section>
  );
}
