// /login: email and password; on success /admin, or the admin link that asked for the login.
// No client-side checks (SPEC.md 5): the server answers.
import { useEffect, useId, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { inputClass, labelClass, primaryButton } from '~/components/admin/form-styles';
import { afterLoginPath } from '~/lib/after-login';
import { useFormValues } from '~/components/forms/form-state';
import { useHydrated } from '~/lib/hydration';
import { pageSeo } from '~/lib/seo';
import { authStore, login, useAuth } from '~/state/auth';

export const meta = () => [...pageSeo('login'), { name: 'robots', content: 'noindex' }];

const EMPTY = { email: '', password: '' };

export default function Login() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { loading, error } = useAuth();
  const { values, set, formRef } = useFormValues(EMPTY);
  const { email, password } = values;
  const id = useId();
  const hydrated = useHydrated();

  // An error left over from another screen (e.g. registration) does not belong here.
  useEffect(() => authStore.dispatch({ type: 'auth/clearError' }), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await login({ email, password })) navigate(afterLoginPath(search));
  }

  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-3xl font-bold">Log in</h1>
      <form ref={formRef} onSubmit={submit} noValidate className="mt-8 space-y-5">
        <div>
          <label htmlFor={`${id}-email`} className={labelClass}>
            Email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => set('email')(event.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-password`} className={labelClass}>
            Password
          </label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => set('password')(event.target.value)}
            className={inputClass}
          />
        </div>
        {error && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        {/* Disabled until hydrated: a native submit would put the password into the URL. */}
        <button type="submit" disabled={loading || !hydrated} className={`${primaryButton} w-full`}>
          Login
        </button>
      </form>
      <p className="mt-6 text-sm text-slate-700">
        No account yet?{' '}
        <Link to="/register" className="font-medium text-brand-700 underline">
          Register
        </Link>
      </p>
    </section>
  );
}
