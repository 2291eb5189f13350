// /login: email and password; on success /admin, or the admin link that asked for the login. An
// account with two-factor sign-in then gives a code (or a recovery code); an account that must set 2FA
// up goes to its account page. No client-side checks (docs/product.md 5): the server answers.
import { ACCOUNT_PATHS } from '@agency/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { inputClass, labelClass, primaryButton } from '~/components/admin/form-styles';
import { afterLoginPath } from '~/lib/after-login';
import { useFormValues } from '~/components/forms/form-state';
import { useHydrated } from '~/lib/hydration';
import { pageSeo } from '~/lib/seo';
import { authStore, login, loginWithCode, mustSetUpTwoFactor, useAuth } from '~/state/auth';

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

  const [challengeToken, setChallengeToken] = useState<string | null>(null);

  // An error left over from another screen (e.g. registration) does not belong here.
  useEffect(() => authStore.dispatch({ type: 'auth/clearError' }), []);

  async function enter() {
    navigate((await mustSetUpTwoFactor()) ? ACCOUNT_PATHS.account : afterLoginPath(search));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await login({ email, password });
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
        <div>
          <label htmlFor={`${id}-code`} className={labelClass}>
            {useRecovery ? 'Recovery code' : 'Code from your authenticator app'}
          </label>
          <input
            id={`${id}-code`}
            name={useRecovery ? 'recoveryCode' : 'code'}
            type="text"
            inputMode={useRecovery ? 'text' : 'numeric'}
            autoComplete={useRecovery ? 'off' : 'one-time-code'}
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className={inputClass}
          />
        </div>
        {error && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
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
