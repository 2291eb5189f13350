// /register: name, email and password; on success /login, which says the account awaits approval (or, for the site's first account, that it is the admin).
// The one client-side check is the password rule (packages/contract password-strength.ts, the server's own),
// whose dictionaries load once this page is open. Without JavaScript the form posts to /register itself: the server
// answers with a 303 to /login, or this page again with its refusal.
import { REGISTERED_ADMIN, REGISTERED_PARAM, passwordProblem, preloadPasswordEstimator } from '@agency/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { AccountField } from '~/components/account/account-field';
import { AccountNotice } from '~/components/account/account-notice';
import { primaryButton } from '~/components/admin/form-styles';
import { useFormValues } from '~/components/forms/form-state';
import { pathOf } from '~/content/pages';
import { nativeAnswerLoader, nativePost, noNativeAnswer } from '~/lib/native-form';
import { pageSeo } from '~/lib/seo';
import { authStore, register, useAuth } from '~/state/auth';

export const meta = () => [...pageSeo('register'), { name: 'robots', content: 'noindex' }];

export const loader = nativeAnswerLoader;
export const clientLoader = noNativeAnswer;

const EMPTY = { name: '', email: '', password: '' };

export default function Register() {
  const navigate = useNavigate();
  const answered = useLoaderData<typeof loader>();
  const { loading, error } = useAuth();
  const { values, set, formRef, shown } = useFormValues(EMPTY, answered);
  const id = useId();
  // The refusal of a native post is shown until the visitor tries again.
  const [refusal, setRefusal] = useState(answered?.error ?? null);
  const shownError = error ?? refusal?.error;

  // An error left over from the login screen does not belong here.
  useEffect(() => authStore.dispatch({ type: 'auth/clearError' }), []);
  useEffect(preloadPasswordEstimator, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const input = shown();
    // The server's rule, shown before sending (it refuses the same passwords with the same sentence).
    const problem = await passwordProblem(input.password, { email: input.email, name: input.name });
    if (problem) {
      setRefusal({ error: problem, fields: { password: problem } });
      return;
    }
    const registered = await register(input);
    if (registered) {
      navigate(`${pathOf('login')}?${REGISTERED_PARAM}=${registered === 'admin' ? REGISTERED_ADMIN : '1'}`);
    }
  }

  const field = (
    name: keyof typeof values,
    label: string,
    type: 'text' | 'email' | 'password',
    autoComplete: string,
  ) => (
    <AccountField
      id={`${id}-${name}`}
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={set(name)}
      error={refusal?.fields?.[name]}
    />
  );

  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-3xl font-bold">Register</h1>
      <form ref={formRef} onSubmit={submit} noValidate className="mt-8 space-y-5" {...nativePost(pathOf('register'))}>
        {field('name', 'Name', 'text', 'name')}
        {field('email', 'Email', 'email', 'email')}
        {field('password', 'Password', 'password', 'new-password')}
        {shownError && <AccountNotice kind="error">{shownError}</AccountNotice>}
        {/* Posted natively before hydration (method="post": the password never goes into the URL). */}
        <button type="submit" disabled={loading} className={`${primaryButton} w-full`}>
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
