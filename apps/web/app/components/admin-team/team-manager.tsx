// Team (admins only): every account with its role; an admin approves, promotes, demotes or removes.
// The server refuses (409) to remove or demote the last admin; its sentence is shown here.
import { ACCOUNT_MESSAGES, ROLE_LABELS, ROLES, UserSchema, type Role, type User } from '@agency/contract';
import { useState } from 'react';
import { EmailLink } from '~/components/admin-leads/contact-links';
import { toast } from '~/components/ui/toast';
import { errorMessage as message, mutate, useApiQuery } from '~/lib/api-query';
import { loadCurrentUser, useAuth } from '~/state/auth';
import { confirmAction } from '~/components/admin/confirm-dialog';
import { QueryView, errorBox } from '~/components/admin/query-view';
import { TwoFactorPolicyToggle } from './two-factor-policy';

export function TeamManager() {
  const { user: me } = useAuth();
  const team = useApiQuery('/users', UserSchema.array());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function changeRole(user: User, role: Role) {
    const question =
      role === 'pending'
        ? `Put ${user.name} back to pending approval? They lose access to the admin area until approved again.`
        : `Make ${user.name} ${role === 'admin' ? 'an admin' : role === 'sales' ? 'sales' : 'an editor'}?${
            role === 'admin'
              ? ' Admins see every lead and manage the team.'
              : role === 'sales'
                ? ' Sales work the leads, not the site.'
                : ''
          }`;
    if (!(await confirmAction(question, 'Change role'))) return;
    setBusy(user.id);
    setError(null);
    try {
      const updated = UserSchema.parse(
        await mutate(`/users/${user.id}`, { method: 'PATCH', body: { role }, invalidates: ['/users'] }),
      );
      toast.success(`${updated.name} is now ${ROLE_LABELS[updated.role].toLowerCase()}`);
      // Changing one's own role changes what this panel may show.
      if (updated.id === me?.id) await loadCurrentUser();
    } catch (caught) {
      setError(message(caught, 'Failed to change the role'));
    } finally {
      setBusy(null);
    }
  }

  async function signOut(user: User) {
    if (!(await confirmAction(`Sign ${user.name} out on every device? They can sign in again.`, 'Sign out'))) return;
    setBusy(user.id);
    setError(null);
    try {
      await mutate(`/users/${user.id}/sign-out`, { method: 'POST', invalidates: [] });
      toast.success(ACCOUNT_MESSAGES.signedOutEverywhere(user.name));
    } catch (caught) {
      setError(message(caught, 'Failed to sign the account out'));
    } finally {
      setBusy(null);
    }
  }

  async function remove(user: User) {
    if (!(await confirmAction(`Remove the account of ${user.name} (${user.email})? This cannot be undone.`, 'Remove')))
      return;
    setBusy(user.id);
    setError(null);
    try {
      await mutate(`/users/${user.id}`, { method: 'DELETE', invalidates: ['/users'] });
      toast.success(`Removed ${user.name}`);
    } catch (caught) {
      setError(message(caught, 'Failed to remove the account'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="team-heading">
      <h2 id="team-heading" className="text-2xl font-bold">
        Team
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        New accounts wait as “Pending approval” until an admin makes them an editor or admin. An invited colleague
        (below) gets the role of the invitation at once.
      </p>
      {error && (
        <p role="alert" className={`mt-4 ${errorBox}`}>
          {error}
        </p>
      )}
      <TwoFactorPolicyToggle />
      <div className="mt-6">
        <QueryView query={team}>
          {(users) => (
            // relative: the header's sr-only text is placed inside the scroll area, not past the page's edge.
            <div className="relative overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <caption className="sr-only">Accounts and their roles</caption>
                <thead className="border-b border-slate-300 text-slate-700">
                  <tr>
                    <th scope="col" className="py-2 pr-4">
                      Name
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Email
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Role
                    </th>
                    <th scope="col" className="py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {users.map((user) => (
                    <tr key={user.id} className="border-b border-slate-200">
                      <th scope="row" className="py-3 pr-4 font-medium">
                        {user.name}
                        {user.id === me?.id && <span className="ml-1 text-slate-600">(you)</span>}
                      </th>
                      <td className="py-3 pr-4">
                        <EmailLink email={user.email} />
                      </td>
                      <td className="py-3 pr-4">
                        <select
                          aria-label={`Role of ${user.name}`}
                          value={user.role}
                          disabled={busy === user.id}
                          onChange={(event) => void changeRole(user, event.target.value as Role)}
                          className="rounded-md border border-slate-400 bg-white px-2 py-1"
                        >
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {ROLE_LABELS[role]}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className="space-x-2 py-3 text-right whitespace-nowrap">
                        <button
                          type="button"
                          disabled={busy === user.id}
                          onClick={() => void signOut(user)}
                          aria-label={`Sign out everywhere: ${user.name}`}
                          className="rounded-md border border-slate-400 px-3 py-1 font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
                        >
                          Sign out everywhere
                        </button>
                        <button
                          type="button"
                          disabled={busy === user.id}
                          onClick={() => void remove(user)}
                          aria-label={`Remove ${user.name}`}
                          className="rounded-md border border-red-700 px-3 py-1 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryView>
      </div>
    </section>
  );
}
