// Invitations (admins): invite a colleague by address and role (POST /api/users/invites → a mail with a
// single-use link to /accept-invite, valid 7 days), see the open invitations and revoke one. An address
// that already has an account is answered as a success too (its owner is told), so this form never
// says which addresses have accounts.
import { INVITE_ROLES, INVITE_TTL_DAYS, InviteListSchema, ROLE_LABELS, type Invite } from '@agency/contract';
import { useId, useState, type FormEvent } from 'react';
import { inputClass, labelClass, primaryButton } from '~/components/admin/form-styles';
import { confirmAction } from '~/components/admin/confirm-dialog';
import { QueryView } from '~/components/admin/query-view';
import { EmailLink } from '~/components/admin-leads/contact-links';
import { toast } from '~/components/ui/toast';
import { ApiRequestError } from '~/lib/api';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';

const INVITES_PATH = '/users/invites';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });

export function TeamInvites() {
  const id = useId();
  const invites = useApiQuery(INVITES_PATH, InviteListSchema);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Invite['role']>('editor');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function invite(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    setError(null);
    try {
      await mutate(INVITES_PATH, { method: 'POST', body: { email, role }, invalidates: [INVITES_PATH] });
      toast.success(`Invitation sent to ${email}`);
      setEmail('');
    } catch (caught) {
      const refused = caught instanceof ApiRequestError ? (caught.body?.fields ?? {}) : {};
      setFields(refused);
      if (!refused.email && !refused.role) setError(errorMessage(caught, 'Failed to send the invitation'));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(entry: Invite) {
    if (!(await confirmAction(`Revoke the invitation of ${entry.email}? Its link stops working.`, 'Revoke'))) return;
    try {
      await mutate(`${INVITES_PATH}/${encodeURIComponent(entry.id)}`, {
        method: 'DELETE',
        invalidates: [INVITES_PATH],
      });
      toast.success(`Revoked the invitation of ${entry.email}`);
    } catch (caught) {
      toast.error(errorMessage(caught, 'Failed to revoke the invitation'));
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-lg border border-slate-200 p-4">
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        Invite a colleague
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        They get a mail with a link, valid for {INVITE_TTL_DAYS} days and usable once, to choose their name and
        password.
      </p>
      <form
        onSubmit={(event) => void invite(event)}
        noValidate
        aria-label="Invite a colleague"
        className="mt-3 flex flex-wrap items-start gap-4"
      >
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={`${id}-email`} className={labelClass}>
            Email address
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={fields.email ? true : undefined}
            aria-describedby={fields.email ? `${id}-email-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
            className={inputClass}
          />
          {fields.email && (
            <p id={`${id}-email-error`} className="mt-1 text-sm text-red-800">
              {fields.email}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-role`} className={labelClass}>
            Role
          </label>
          <select
            id={`${id}-role`}
            value={role}
            aria-invalid={fields.role ? true : undefined}
            aria-describedby={fields.role ? `${id}-role-error` : undefined}
            onChange={(event) => setRole(event.target.value as Invite['role'])}
            className={inputClass}
          >
            {INVITE_ROLES.map((entry) => (
              <option key={entry} value={entry}>
                {ROLE_LABELS[entry]}
              </option>
            ))}
          </select>
          {fields.role && (
            <p id={`${id}-role-error`} className="mt-1 text-sm text-red-800">
              {fields.role}
            </p>
          )}
        </div>
        <button type="submit" disabled={busy || email.trim() === ''} className={`mt-6 ${primaryButton}`}>
          Send invitation
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <h4 className="mt-6 font-semibold">Open invitations</h4>
      <div className="mt-2">
        <QueryView query={invites}>
          {(data) => {
            const { items } = data;
            if (items.length === 0) return <p className="text-sm text-slate-700">No invitation is open.</p>;
            return (
              <ul className="divide-y divide-slate-200">
                {items.map((entry) => (
                  <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                    <div className="min-w-0">
                      <p className="font-medium break-all">
                        <EmailLink email={entry.email} />
                      </p>
                      <p className="text-slate-700">
                        {ROLE_LABELS[entry.role]}
                        {entry.invitedBy && ` · invited by ${entry.invitedBy.name}`}
                        {` on ${day(entry.createdAt)} · expires ${day(entry.expiresAt)}`}
                      </p>
                    </div>
                    <button
                      type="button"
                      onClick={() => void revoke(entry)}
                      aria-label={`Revoke the invitation of ${entry.email}`}
                      className="rounded-md border border-red-700 px-3 py-1 font-medium text-red-800 hover:bg-red-50"
                    >
                      Revoke
                    </button>
                  </li>
                ))}
              </ul>
            );
          }}
        </QueryView>
      </div>
    </section>
  );
}
