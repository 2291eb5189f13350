// /forgot-password: an address; the server mails a reset link if it has an account and answers the
// same either way (docs/product.md D8), so this page never says whether it had one. Without JavaScript the
// form posts to /forgot-password itself: the server answers a 303 to /forgot-password?sent=1, or this page
// again with its refusal (lib/native-form.ts).
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, MessageSchema, RESET_REQUESTED_PARAM } from '@agency/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { AccountField } from '~/components/account/account-field';
import { AccountNotice } from '~/components/account/account-notice';
import { primaryButton } from '~/components/admin/form-styles';
import { useFormValues } from '~/components/forms/form-state';
import { apiJson } from '~/lib/api';
import { nativeAnswerLoader, nativePost, noNativeAnswer } from '~/lib/native-form';
import { pageSeo } from '~/lib/seo';
import { errorText } from '~/state/auth';

export const meta = () => [...pageSeo('forgot-password'), { name: 'robots', content: 'noindex' }];

export const loader = nativeAnswerLoader;
export const clientLoader = noNativeAnswer;

const EMPTY = { email: '' };

export default function ForgotPassword() {
  const answered = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const { values, set, formRef, shown } = useFormValues(EMPTY, answered);
  // Asked for natively: the server's 303 lands here with `?sent=1`.
  const [sent, setSent] = useState<string | null>(
    params.has(RESET_REQUESTED_PARAM) ? ACCOUNT_MESSAGES.resetRequested : null,
  );
  // The refusal of a native post is shown until the visitor tries again.
  const [refusal, setRefusal] = useState(answered?.error ?? null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const id = useId();
  const shownError = error ?? refusal?.error;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setLoading(true);
    setError(null);
    setRefusal(null);
    try {
      const answer = MessageSchema.safeParse(
        await apiJson<unknown>('/auth/password-reset', { method: 'POST', body: shown() }),
      );
      setSent(answer.success ? answer.data.message : ACCOUNT_MESSAGES.resetRequested);
    } catch (caught) {
      setError(errorText(caught, 'The link could not be requested. Please try again.'));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-3xl font-bold">Forgot password</h1>
      {sent ? (
        <AccountNotice kind="success" className="mt-8">
          {sent}
        </AccountNotice>
      ) : (
        <>
          <p className="mt-4 text-slate-700">
            Enter the address of your account and we will mail you a link to choose a new password.
          </p>
          <form
            ref={formRef}
            onSubmit={submit}
            noValidate
            className="mt-8 space-y-5"
            {...nativePost(ACCOUNT_PATHS.forgotPassword)}
          >
            <AccountField
              id={`${id}-email`}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={set('email')}
              error={refusal?.fields?.email}
            />
            {shownError && <AccountNotice kind="error">{shownError}</AccountNotice>}
            {/* Enabled in the served HTML: before hydration or without JavaScript it posts natively. */}
            <button type="submit" disabled={loading} className={`${primaryButton} w-full`}>
              Send the link
            </button>
          </form>
        </>
      )}
      <p className="mt-6 text-sm text-slate-700">
        Remembered it?{' '}
        <Link to={ACCOUNT_PATHS.login} className="font-medium text-brand-700 underline">
          Login
        </Link>
      </p>
    </section>
  );
}
