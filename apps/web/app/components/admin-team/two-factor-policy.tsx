// Team: the admins' switch that requires two-factor sign-in of every staff account. The server holds
// every account without 2FA to its setup (plugins/auth.ts), so turning it on also applies to this admin.
import { TwoFactorPolicySchema } from '@agency/contract';
import { useId, useState } from 'react';
import { toast } from '~/components/ui/toast';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { errorBox } from '~/components/admin/query-view';

const POLICY_PATH = '/users/two-factor-policy';

export function TwoFactorPolicyToggle() {
  const policy = useApiQuery(POLICY_PATH, TwoFactorPolicySchema);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function change(required: boolean) {
    setBusy(true);
    setError(null);
    try {
      await mutate(POLICY_PATH, { method: 'PUT', body: { required }, invalidates: [POLICY_PATH] });
      toast.success(
        required
          ? 'Two-factor sign-in is now required of every staff account.'
          : 'Two-factor sign-in is no longer required.',
      );
    } catch (caught) {
      setError(errorMessage(caught, 'The setting could not be changed.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 rounded-md border border-slate-300 bg-slate-50 px-4 py-3">
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          checked={policy.data?.required ?? false}
          disabled={busy || policy.data === undefined}
          onChange={(event) => void change(event.target.checked)}
          aria-describedby={`${id}-hint`}
          className="h-4 w-4"
        />
        <label htmlFor={id} className="font-medium">
          Require two-factor sign-in for all staff
        </label>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        Accounts without it are sent to set it up right after they sign in and can do nothing else until they have.
      </p>
      {(error ?? policy.error) && (
        <p role="alert" className={`mt-2 ${errorBox}`}>
          {error ?? policy.error}
        </p>
      )}
    </div>
  );
}
