// /login: email and password; on success /admin, or the admin link that asked for the login. An
// account with two-factor sign-in then gives a code (or a recovery code); an account that must set 2FA
// up goes to its account page. No client-side checks (docs/product.md 5): the server answers.
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_PATHS,
  MESSAGES,
  PASSWORD_RESET_PARAM,
  REGISTERED_ADMIN,
  REGISTERED_PARAM,
} from '@agency/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import { AccountField } from '~/components/account/account-field';
import { AccountNotice } from '~/components/account/account-notice';
import { primaryButton } from '~/components/admin/form-styles';
import { afterLoginPath } from '~/lib/after-login';
import { useFormValues } from '~/components/forms/form-state';
import { nativeAnswerLoader, nativePost, noNativeAnswer } from '~/lib/native-form';
import { pageSeo } from '~/lib/seo';
import { authStore, useNativeSession, login, loginWithCode, mustSetUpTwoFactor, useAuth } from '~/state/auth';

export const meta = () => [...pageSeo('login'), { name: 'robots', content: 'noindex' }];

// Without JavaScript the form posts to /login itself: the server answers this page again, with its
// refusal or signed in (the session in its cookie, lib/native-form.ts).
export const loader = nativeAnswerLoader;
export const clientLoader = noNativeAnswer;

const EMPTY = { email: '', password: '' };

export default function Login() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const answered = useLoaderData<typeof loader>();
  const { loading, error } = useAuth();
  const { values, set, formRef, shown } = useFormValues(EMPTY, answered);
  const { email, password } = values;
  const id = useId();
  const registered = new URLSearchParams(search).get(REGISTERED_PARAM);
  // A new password chosen without JavaScript: /reset-password answered with a 303 here.
  const passwordReset = new URLSearchParams(search).has(PASSWORD_RESET_PARAM);
  // The refusal of a native post is shown until the visitor tries again.
  const [refusal, setRefusal] = useState(answered?.error?.error ?? null);
  const shownError = error ?? refusal;

  const [challengeToken, setChallengeToken] = useState<string | null>(null);

  // An error left over from another screen (e.g. registration) does not belong here.
  useEffect(() => authStore.dispatch({ type: 'auth/clearError' }), []);

  async function enter() {
    navigate((await mustSetUpTwoFactor()) ? ACCOUNT_PATHS.account : afterLoginPath(search));
  }

  // Signed in by the form posted before the script ran: take the session up and go on as a script sign-in would.
  useNativeSession(answered?.session, enter);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const result = await login(shown());
    if (result === true) await enter();
    else if (result) setChallengeToken(result.challengeToken);
  }

  if (challengeToken) {
    return (
      <TwoFactorStep
        challengeToken={challengeToken}
        onSignedIn={() => void enter()}
        onRestart={() => {
          authStore.dispatch({ type: 'auth/clearError' });
          setChallengeToken(null);
        }}
      />
    );
  }

  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-3xl font-bold">Log in</h1>
      {registered && (
        <AccountNotice kind="success" className="mt-6">
          {registered === REGISTERED_ADMIN ? ACCOUNT_MESSAGES.registeredAdmin : MESSAGES.auth.registered}
        </AccountNotice>
      )}
      {passwordReset && (
        <AccountNotice kind="success" className="mt-6">
          {ACCOUNT_MESSAGES.passwordReset}
        </AccountNotice>
      )}
      {answered?.session && (
        <p role="status" className="mt-8 text-slate-700">
          {MESSAGES.auth.signedInNeedsScript}
        </p>
      )}
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="mt-8 space-y-5"
        hidden={Boolean(answered?.session)}
        {...nativePost(`${pathname}${search}`)}
      >
        <AccountField
          id={`${id}-email`}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={set('email')}
        />
        <AccountField
          id={`${id}-password`}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={set('password')}
        />
        {shownError && <AccountNotice kind="error">{shownError}</AccountNotice>}
        {/* Posted natively before hydration (method="post": the password never goes into the URL). */}
        <button type="submit" disabled={loading} className={`${primaryButton} w-full`}>
          Login
        </button>
      </form>
      <p className="mt-4 text-sm">
        <Link to={ACCOUNT_PATHS.forgotPassword} className="font-medium text-brand-700 underline">
          Forgot password?
        </Link>
      </p>
      <p className="mt-6 text-sm text-slate-700">
        No account yet?{' '}
        <Link to="/register" className="font-medium text-brand-700 underline">
          Register
        </Link>
      </p>
    </section>
  );
}

/** The second step: the code the app shows now, or one of the recovery codes. */
function TwoFactorStep({
  challengeToken,
  onSignedIn,
  onRestart,
}: {
  challengeToken: string;
  onSignedIn: () => void;
  onRestart: () => void;
}) {
  const { loading, error } = useAuth();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = useRecovery ? { challengeToken, recoveryCode: value } : { challengeToken, code: value };
    if (await loginWithCode(input)) onSignedIn();
  }

  function switchMode() {
    authStore.dispatch({ type: 'auth/clearError' });
    setValue('');
    setUseRecovery((old) => !old);
  }

  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-3xl font-bold">Two-factor sign-in</h1>
      <p className="mt-4 text-slate-700">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for this site.'}
      </p>
      <form onSubmit={submit} noValidate className="mt-8 space-y-5">
        <AccountField
          id={`${id}-code`}
          name={useRecovery ? 'recoveryCode' : 'code'}
          label={useRecovery ? 'Recovery code' : 'Code from your authenticator app'}
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoComplete={useRecovery ? 'off' : 'one-time-code'}
          autoFocus
          value={value}
          onChange={setValue}
        />
        {error && <AccountNotice kind="error">{error}</AccountNotice>}
        <button type="submit" disabled={loading} className={`${primaryButton} w-full`}>
          Verify
        </button>
      </form>
      <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <button type="button" onClick={switchMode} className="font-medium text-brand-700 underline">
          {useRecovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" onClick={onRestart} className="font-medium text-brand-700 underline">
          Start again
        </button>
      </div>
    </section>
  );
}
