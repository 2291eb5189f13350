// /accept-invite?token=…: the link of an admin's invitation mail (valid 7 days, used once). The person
// chooses the name and password of the new account; the server answers as a login would, so they are
// signed in and go on to the admin area. The token stays in this page (sent in the body, never logged in
// an address of ours). There is no form post without JavaScript: the button waits until the page runs.
import { ACCOUNT_PATHS } from '@agency/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AccountField } from '~/components/account/account-field';
import { primaryButton } from '~/components/admin/form-styles';
import { ApiRequestError } from '~/lib/api';
import { useHydrated } from '~/lib/hydration';
import { pageSeo } from '~/lib/seo';
import { acceptInvite, errorText } from '~/state/auth';

export const meta = () => [...pageSeo('accept-invite'), { name: 'robots', content: 'noindex' }];

const NO_TOKEN = 'This invitation link is not complete. Open the link from the invitation mail again.';

export default function AcceptInvite() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const hydrated = useHydrated();
  const id = useId();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(token ? null : NO_TOKEN);
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setLoading(true);
    setError(null);
    setFields({});
    try {
      await acceptInvite({ token, name, password });
      navigate('/admin', { replace: true });
    } catch (caught) {
      const refused = caught instanceof ApiRequestError ? (caught.body?.fields ?? {}) : {};
      setFields(refused);
      // A message for a field goes next to it; any other refusal (the link) in the alert.
      const forFields = Object.keys(refused).some((key) => key === 'name' || key === 'password');
      setError(forFields ? null : errorText(caught, 'The invitation could not be accepted. Please try again.'));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-3xl font-bold">Join the team</h1>
      <p className="mt-4 text-slate-700">
        You were invited to the admin area. Choose the name your colleagues will see and a password.
      </p>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Accept the invitation"
        className="mt-8 space-y-5"
      >
        <AccountField
          id={`${id}-name`}
          name="name"
          label="Name"
          autoComplete="name"
          value={name}
          onChange={setName}
          error={fields.name}
        />
        <AccountField
          id={`${id}-password`}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={fields.password}
        />
        {error && (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            <p>{error}</p>
            <p className="mt-1">Ask the admin who invited you for a new invitation.</p>
          </div>
        )}
        <button type="submit" disabled={!hydrated || loading || !token} className={`${primaryButton} w-full`}>
          Create my account
        </button>
      </form>
      <p className="mt-6 text-sm text-slate-700">
        Already have an account?{' '}
        <Link to={ACCOUNT_PATHS.login} className="font-medium text-brand-700 underline">
          Login
        </Link>
      </p>
    </section>
  );
}
