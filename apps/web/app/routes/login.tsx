// /login: email and password; on success /admin, or the admin link that asked for the login.
// No client-side checks (SPEC.md 5): the server answers. Without JavaScript the form posts to /login
// itself; the server answers this page again, with its refusal or with the new session to store.
import { MESSAGES, REGISTERED_PARAM } from '@agency/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import { inputClass, labelClass, primaryButton } from '~/components/admin/form-styles';
import { afterLoginPath } from '~/lib/after-login';
import { useFormValues } from '~/components/forms/form-state';
import { nativeAnswerLoader, nativePost, noNativeAnswer } from '~/lib/native-form';
import { pageSeo } from '~/lib/seo';
import { authStore, login, useAuth } from '~/state/auth';
import { saveSession } from '~/state/session';

export const meta = () => [...pageSeo('login'), { name: 'robots', content: 'noindex' }];

export const loader = nativeAnswerLoader;
export const clientLoader = noNativeAnswer;

const EMPTY = { email: '', password: '' };

export default function Login() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const answered = useLoaderData<typeof loader>();
  const { loading, error } = useAuth();
  const { values, set, formRef } = useFormValues(EMPTY, answered);
  const { email, password } = values;
  const id = useId();
  const registered = new URLSearchParams(search).has(REGISTERED_PARAM);
  // The refusal of a native post is shown until the visitor tries again.
  const [refusal, setRefusal] = useState(answered?.error?.error ?? null);
  const shownError = error ?? refusal;

  // An error left over from another screen (e.g. registration) does not belong here.
  useEffect(() => authStore.dispatch({ type: 'auth/clearError' }), []);

  // Signed in by the form posted before the script ran: keep the session and go on as a script login would.
  useEffect(() => {
    const session = answered?.session;
    if (!session) return;
    saveSession(session);
    authStore.dispatch({ type: 'auth/loginFulfilled', token: session.accessToken, user: session.user });
    navigate(afterLoginPath(search), { replace: true });
  }, [answered, navigate, search]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    if (await login({ email, password })) navigate(afterLoginPath(search));
  }

  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-3xl font-bold">Log in</h1>
      {registered && (
        <p
          role="status"
          className="mt-6 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          {MESSAGES.auth.registered}
        </p>
      )}
      {answered?.session ? (
        <p role="status" className="mt-8 text-slate-700">
          {MESSAGES.auth.signedInNeedsScript}
        </p>
      ) : (
        <form
          ref={formRef}
          onSubmit={submit}
          noValidate
          className="mt-8 space-y-5"
          {...nativePost(`${pathname}${search}`)}
        >
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
          {shownError && (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              {shownError}
            </p>
          )}
          {/* Posted natively before hydration (method="post": the password never goes into the URL). */}
          <button type="submit" disabled={loading} className={`${primaryButton} w-full`}>
            Login
          </button>
        </form>
      )}
      <p className="mt-6 text-sm text-slate-700">
        No account yet?{' '}
        <Link to="/register" className="font-medium text-brand-700 underline">
          Register
        </Link>
      </p>
    </section>
  );
}
