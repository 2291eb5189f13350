// /reset-password?token=…: the link from the reset mail. A new password ends every session of the
// account; the server explains an expired or used link, and this page offers a new one. Without JavaScript
// the form posts to /reset-password (the token in a hidden field, so never in an address or a log): the
// server answers a 303 to /login?reset=1, or this page again with its refusal and the token.
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, passwordProblem, preloadPasswordEstimator } from '@agency/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { AccountField } from '~/components/account/account-field';
import { AccountNotice } from '~/components/account/account-notice';
import { primaryButton } from '~/components/admin/form-styles';
import { useFormValues } from '~/components/forms/form-state';
import { ApiRequestError, apiJson } from '~/lib/api';
import { nativeAnswerLoader, nativePost, noNativeAnswer } from '~/lib/native-form';
import { pageSeo } from '~/lib/seo';
import { errorText } from '~/state/auth';

export const meta = () => [...pageSeo('reset-password'), { name: 'robots', content: 'noindex' }];

export const loader = nativeAnswerLoader;
export const clientLoader = noNativeAnswer;

const EMPTY = { password: '' };

export default function ResetPassword() {
  const answered = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // From the mail link's address, or from the refused native post that carried it.
  const token = params.get('token') ?? answered?.values.token ?? '';
  const { values, set, formRef, shown } = useFormValues(EMPTY);
  const [done, setDone] = useState(false);
  // A message for the password goes next to it; any other refusal (the link) in the alert.
  const refusedPassword = answered?.error?.fields?.password;
  const [passwordError, setPasswordError] = useState(refusedPassword);
  const [error, setError] = useState<string | null>(
    refusedPassword ? null : (answered?.error?.error ?? (token ? null : ACCOUNT_MESSAGES.resetInvalid)),
  );
  const [loading, setLoading] = useState(false);
  const id = useId();
  useEffect(preloadPasswordEstimator, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setLoading(true);
    setError(null);
    setPasswordError(undefined);
    try {
      // The server's password rule, shown before sending (packages/contract password-strength.ts). The account's
      // email and name are the server's to check: this page does not know them.
      const problem = await passwordProblem(shown().password);
      if (problem) {
        setPasswordError(problem);
        return;
      }
      await apiJson<unknown>('/auth/password-reset/confirm', {
        method: 'POST',
        body: { token, password: shown().password },
      });
      setDone(true);
    } catch (caught) {
      const forPassword = caught instanceof ApiRequestError ? caught.body?.fields?.password : undefined;
      if (forPassword) setPasswordError(forPassword);
      else setError(errorText(caught, 'The password could not be changed. Please try again.'));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      {done ? (
        <>
          <AccountNotice kind="success" className="mt-8">
            {ACCOUNT_MESSAGES.passwordReset}
          </AccountNotice>
          <p className="mt-6">
            <Link to={ACCOUNT_PATHS.login} className={`${primaryButton} inline-block`}>
              Go to login
            </Link>
          </p>
        </>
      ) : (
        <form
          ref={formRef}
          onSubmit={submit}
          noValidate
          className="mt-8 space-y-5"
          {...nativePost(ACCOUNT_PATHS.resetPassword)}
        >
          <input type="hidden" name="token" value={token} />
          <AccountField
            id={`${id}-password`}
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={passwordError}
          />
          {error && (
            <AccountNotice kind="error">
              <p>{error}</p>
              <p className="mt-1">
                <Link to={ACCOUNT_PATHS.forgotPassword} className="font-medium underline">
                  Ask for a new link
                </Link>
              </p>
            </AccountNotice>
          )}
          {/* Enabled in the served HTML: before hydration or without JavaScript it posts natively. */}
          <button type="submit" disabled={loading || !token} className={`${primaryButton} w-full`}>
            Save the new password
          </button>
        </form>
      )}
    </section>
  );
}
