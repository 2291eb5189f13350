// /accept-invite?token=…: the link of an admin's invitation mail (valid 7 days, used once). The person
// chooses the name and password of the new account; the server answers as a login would, so they are
// signed in and go on to the admin area. The token stays in this page (sent in the body, never logged in
// an address of ours). Without JavaScript the form posts to /accept-invite (the token in a hidden field):
// the server answers this page again with its refusal, or signed in (the session in its cookie), which the page
// takes up once its script runs, as /login does after a native post.
import {
  ACCOUNT_PATHS,
  LEAD_DESK_MESSAGES,
  MESSAGES,
  passwordProblem,
  preloadPasswordEstimator,
} from '@agency/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { AccountField } from '~/components/account/account-field';
import { AccountNotice } from '~/components/account/account-notice';
import { primaryButton } from '~/components/admin/form-styles';
import { useFormValues } from '~/components/forms/form-state';
import { ApiRequestError } from '~/lib/api';
import { nativeAnswerLoader, nativePost, noNativeAnswer } from '~/lib/native-form';
import { pageSeo } from '~/lib/seo';
import { acceptInvite, errorText, useNativeSession, mustSetUpTwoFactor } from '~/state/auth';

export const meta = () => [...pageSeo('accept-invite'), { name: 'robots', content: 'noindex' }];

export const loader = nativeAnswerLoader;
export const clientLoader = noNativeAnswer;

const NO_TOKEN = 'This invitation link is not complete. Open the link from the invitation mail again.';
const EMPTY = { name: '', password: '' };
const PATH = '/accept-invite';

/** A refusal's messages: those of the name and password next to them, any other (the link) in the alert. */
function split(refused: { error?: string; fields?: Record<string, string> } | null | undefined) {
  const fields = refused?.fields ?? {};
  const forFields = Object.keys(fields).some((key) => key === 'name' || key === 'password');
  return { fields, alert: forFields ? null : (refused?.error ?? null) };
}

export default function AcceptInvite() {
  const navigate = useNavigate();
  const answered = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // From the mail link's address, or from the refused native post that carried it.
  const token = params.get('token') ?? answered?.values.token ?? '';
  const { values, set, formRef, shown } = useFormValues(EMPTY, answered);
  const id = useId();
  const first = split(answered?.error);
  const [fields, setFields] = useState<Record<string, string>>(first.fields);
  const [error, setError] = useState<string | null>(first.alert ?? (token ? null : NO_TOKEN));
  const [loading, setLoading] = useState(false);
  useEffect(preloadPasswordEstimator, []);

  async function enter() {
    navigate((await mustSetUpTwoFactor()) ? ACCOUNT_PATHS.account : '/admin', { replace: true });
  }

  // Signed in by the form posted before the script ran: keep the session and go on as a script sign-in would.
  useNativeSession(answered?.session, enter);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setLoading(true);
    setError(null);
    setFields({});
    try {
      // The server's password rule, shown before sending (it refuses the same passwords with the same sentence;
      // the invited address is the server's to check).
      const input = shown();
      const problem = await passwordProblem(input.password, { name: input.name });
      if (problem) {
        setFields({ password: problem });
        return;
      }
      await acceptInvite({ token, ...input });
      await enter();
    } catch (caught) {
      const refused = split(caught instanceof ApiRequestError ? caught.body : null);
      setFields(refused.fields);
      if (!refused.alert && Object.keys(refused.fields).length > 0) setError(null);
      else setError(refused.alert ?? errorText(caught, 'The invitation could not be accepted. Please try again.'));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-3xl font-bold">Join the team</h1>
      {answered?.session ? (
        <p role="status" className="mt-8 text-slate-700">
          {MESSAGES.auth.signedInNeedsScript}
        </p>
      ) : (
        <>
          <p className="mt-4 text-slate-700">
            You were invited to the admin area. Choose the name your colleagues will see and a password.
          </p>
          <form
            ref={formRef}
            onSubmit={(event) => void submit(event)}
            noValidate
            aria-label="Accept the invitation"
            className="mt-8 space-y-5"
            {...nativePost(PATH)}
          >
            <input type="hidden" name="token" value={token} />
            <AccountField
              id={`${id}-name`}
              name="name"
              label="Name"
              autoComplete="name"
              value={values.name}
              onChange={set('name')}
              error={fields.name}
            />
            <AccountField
              id={`${id}-password`}
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
              error={fields.password}
            />
            {error && (
              <AccountNotice kind="error">
                <p>{error}</p>
                {(error === NO_TOKEN || error === LEAD_DESK_MESSAGES.inviteInvalid) && (
                  <p className="mt-1">Ask the admin who invited you for a new invitation.</p>
                )}
              </AccountNotice>
            )}
            {/* Enabled in the served HTML: before hydration or without JavaScript it posts natively. */}
            <button type="submit" disabled={loading || !token} className={`${primaryButton} w-full`}>
              Create my account
            </button>
          </form>
        </>
      )}
      <p className="mt-6 text-sm text-slate-700">
        Already have an account?{' '}
        <Link to={ACCOUNT_PATHS.login} className="font-medium text-brand-700 underline">
          Login
        </Link>
      </p>
    </section>
  );
}
