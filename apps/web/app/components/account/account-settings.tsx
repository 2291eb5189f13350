// The account page (/admin/account): name, password change, two-factor sign-in (recovery codes can be
// copied and downloaded), the mail the site sends (the morning digest can be turned off) and the sessions
// list (each named by its browser and system, "Chrome on Windows").
// Reads and writes go through lib/api-query like every admin view: a change re-reads what it affects.
import {
  ACCOUNT_MESSAGES,
  PreferencesSchema,
  RecoveryCodesSchema,
  SessionListSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  UserSchema,
  passwordProblem,
  type Session,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@agency/contract';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { QueryView } from '~/components/admin/query-view';
import { toast } from '~/components/ui/toast';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { describeUserAgent } from '~/lib/user-agent';
import { loadCurrentUser, useAuth } from '~/state/auth';
import { AccountField } from './account-field';
import { QrCode } from './qr-code';

const STATUS_PATH = '/auth/2fa';
const SESSIONS_PATH = '/auth/sessions';

const cardClass = 'rounded-lg border border-slate-300 bg-white p-6';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h3 id={id} className="text-xl font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function ErrorText({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

/** A form's values, error and busy flag, and a submit that runs `action` and reports its error. */
function useSmallForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof T) => (value: string) => setValues((old) => ({ ...old, [name]: value }));
  const submit = (action: () => Promise<void>, fallback: string) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { values, setValues, set, error, busy, submit, reset: () => setValues(initial) };
}

function NameCard() {
  const { user } = useAuth();
  const form = useSmallForm({ name: user?.name ?? '' });
  const save = form.submit(async () => {
    UserSchema.parse(await mutate('/auth/me', { method: 'PATCH', body: form.values }));
    await loadCurrentUser();
    toast.success('Your name has been saved.');
  }, 'The name could not be saved.');
  return (
    <Card title="Name">
      <p className="mt-1 text-sm text-slate-700">
        Signed in as {user?.email}. Your name is shown to your team and on your posts.
      </p>
      <form onSubmit={save} noValidate className="mt-4 space-y-4">
        <AccountField
          name="name"
          label="Name"
          autoComplete="name"
          value={form.values.name}
          onChange={form.set('name')}
        />
        <ErrorText error={form.error} />
        <button type="submit" disabled={form.busy} className={primaryButton}>
          Save name
        </button>
      </form>
    </Card>
  );
}

/** The second factor a re-authentication asks for when 2FA is on (the API's ReauthSchema). */
function CodeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <AccountField
      name="code"
      label="Code from your authenticator app, or a recovery code"
      inputMode="numeric"
      autoComplete="one-time-code"
      value={value}
      onChange={onChange}
    />
  );
}

/** The typed second factor as the API takes it: six digits are a code, anything else a recovery code. */
const secondFactor = (typed: string) => (/^[\d\s]+$/.test(typed) ? { code: typed } : { recoveryCode: typed });

function PasswordCard({ twoFactor }: { twoFactor: boolean }) {
  const { user } = useAuth();
  const form = useSmallForm({ currentPassword: '', code: '', newPassword: '' });
  const save = form.submit(async () => {
    const problem = await passwordProblem(form.values.newPassword, { email: user?.email, name: user?.name });
    if (problem) throw new Error(problem);
    const { code, ...rest } = form.values;
    // A new password signs the other sessions out.
    await mutate('/auth/password', {
      method: 'POST',
      body: twoFactor ? { ...rest, ...secondFactor(code) } : rest,
      invalidates: [SESSIONS_PATH],
    });
    form.reset();
    toast.success(ACCOUNT_MESSAGES.passwordChanged);
  }, 'The password could not be changed.');
  return (
    <Card title="Password">
      <form onSubmit={save} noValidate className="mt-4 space-y-4">
        <AccountField
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={form.values.currentPassword}
          onChange={form.set('currentPassword')}
        />
        {twoFactor && <CodeField value={form.values.code} onChange={form.set('code')} />}
        <AccountField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={form.values.newPassword}
          onChange={form.set('newPassword')}
        />
        <ErrorText error={form.error} />
        <button type="submit" disabled={form.busy} className={primaryButton}>
          Change password
        </button>
      </form>
    </Card>
  );
}

const codesText = (codes: string[]) =>
  `Recovery codes for ${window.location.host}. Each signs you in once.\n\n${codes.join('\n')}\n`;

async function copyCodes(codes: string[]) {
  try {
    await navigator.clipboard.writeText(codesText(codes));
    toast.success('The recovery codes are copied.');
  } catch {
    toast.error('The codes could not be copied. Select them and copy them by hand, or download them.');
  }
}

function downloadCodes(codes: string[]) {
  const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const PREFERENCES_PATH = '/auth/preferences';

/** The mail the site sends this account that may be turned off (security mail cannot). */
function MailCard() {
  const id = useId();
  const preferences = useApiQuery(PREFERENCES_PATH, PreferencesSchema);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function setDigest(digestMail: boolean) {
    setBusy(true);
    setError(null);
    try {
      await mutate(PREFERENCES_PATH, { method: 'PUT', body: { digestMail }, invalidates: [PREFERENCES_PATH] });
      toast.success(digestMail ? 'You will get the morning digest.' : 'The morning digest is off.');
    } catch (caught) {
      setError(errorMessage(caught, 'The setting could not be saved.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Mail from the site">
      <p className="mt-1 text-sm text-slate-700">
        Mail about your account’s security (a new sign-in, a password change) always comes.
      </p>
      <div className="mt-4">
        {preferences.data === undefined ? (
          <p className="text-sm text-slate-700">{preferences.error ?? 'Loading...'}</p>
        ) : (
          <div className="flex items-start gap-3">
            <input
              id={`${id}-digest`}
              type="checkbox"
              checked={preferences.data.digestMail}
              disabled={busy}
              aria-describedby={`${id}-digest-hint`}
              onChange={(event) => void setDigest(event.target.checked)}
              className="mt-1 size-4"
            />
            <div>
              <label htmlFor={`${id}-digest`} className="font-medium text-slate-900">
                Morning digest
              </label>
              <p id={`${id}-digest-hint`} className="text-sm text-slate-700">
                At 9:00, on days you have follow-ups due or a new lead has waited more than a day without an owner.
              </p>
            </div>
          </div>
        )}
        <div className="mt-3">
          <ErrorText error={error} />
        </div>
      </div>
    </Card>
  );
}

function TwoFactorCard({ status }: { status: TwoFactorStatus }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enable = useSmallForm({ code: '' });
  const disable = useSmallForm({ currentPassword: '', code: '' });
  // The password typed to start the setup is sent again with the first code (both steps re-authenticate).
  const start = useSmallForm({ currentPassword: '' });

  const begin = start.submit(async () => {
    const body = { currentPassword: start.values.currentPassword };
    setSetup(TwoFactorSetupSchema.parse(await mutate(`${STATUS_PATH}/setup`, { method: 'POST', body })));
  }, 'Two-factor sign-in could not be set up.');

  const turnOn = enable.submit(async () => {
    const body = { ...enable.values, currentPassword: start.values.currentPassword };
    const { recoveryCodes: codes } = RecoveryCodesSchema.parse(
      await mutate(`${STATUS_PATH}/enable`, { method: 'POST', body, invalidates: [STATUS_PATH, SESSIONS_PATH] }),
    );
    setSetup(null);
    enable.reset();
    start.reset();
    setRecoveryCodes(codes);
  }, 'Two-factor sign-in could not be turned on.');

  const turnOff = disable.submit(async () => {
    const body = { currentPassword: disable.values.currentPassword, ...secondFactor(disable.values.code) };
    await mutate(`${STATUS_PATH}/disable`, { method: 'POST', body, invalidates: [STATUS_PATH] });
    disable.reset();
    toast.success(ACCOUNT_MESSAGES.twoFactorDisabled);
  }, 'Two-factor sign-in could not be turned off.');

  return (
    <Card title="Two-factor sign-in">
      {recoveryCodes && (
        <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p role="status" className="font-semibold">
            {ACCOUNT_MESSAGES.twoFactorEnabled}
          </p>
          <p className="mt-2 text-sm">
            Each recovery code signs you in once if you lose your phone. Write them down or save them in your password
            manager now.
          </p>
          <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" onClick={() => void copyCodes(recoveryCodes)} className={secondaryButton}>
              Copy the codes
            </button>
            <button type="button" onClick={() => downloadCodes(recoveryCodes)} className={secondaryButton}>
              Download the codes
            </button>
            <button type="button" onClick={() => setRecoveryCodes(null)} className={secondaryButton}>
              I have saved them
            </button>
          </div>
        </div>
      )}
      {status.enabled ? (
        <>
          <p className="mt-2 text-slate-700">
            On. Signing in asks for a code from your authenticator app. Recovery codes left: {status.recoveryCodesLeft}.
          </p>
          <form onSubmit={turnOff} noValidate className="mt-4 space-y-4">
            <p className="text-sm text-slate-700">To turn it off, confirm with your password and a current code.</p>
            <AccountField
              name="currentPassword"
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={disable.values.currentPassword}
              onChange={disable.set('currentPassword')}
            />
            <CodeField value={disable.values.code} onChange={disable.set('code')} />
            <ErrorText error={disable.error} />
            <button type="submit" disabled={disable.busy} className={secondaryButton}>
              Turn off two-factor sign-in
            </button>
          </form>
        </>
      ) : setup ? (
        <div className="mt-4 space-y-4">
          <p className="text-slate-700">
            Scan this code with an authenticator app (any app that supports TOTP), or type the secret into it.
          </p>
          <QrCode text={setup.otpauthUrl} label="QR code to add this account to an authenticator app" />
          <p className="text-sm">
            Secret:{' '}
            <code className="break-all rounded bg-slate-100 px-1 font-mono">
              {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </p>
          <form onSubmit={turnOn} noValidate className="space-y-4">
            <AccountField
              name="code"
              label="Code from your authenticator app"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={enable.values.code}
              onChange={enable.set('code')}
            />
            <ErrorText error={enable.error} />
            <button type="submit" disabled={enable.busy} className={primaryButton}>
              Turn on two-factor sign-in
            </button>
          </form>
        </div>
      ) : (
        <form onSubmit={begin} className="mt-2 space-y-4">
          <p className="text-slate-700">
            Off. With two-factor sign-in, a stolen password alone cannot open your account: signing in also asks for a
            code from an app on your phone.
          </p>
          <AccountField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={start.values.currentPassword}
            onChange={start.set('currentPassword')}
          />
          <ErrorText error={start.error} />
          <button type="submit" disabled={start.busy} className={primaryButton}>
            Set up two-factor sign-in
          </button>
        </form>
      )}
    </Card>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function SessionsCard({ twoFactor }: { twoFactor: boolean }) {
  const sessions = useApiQuery(SESSIONS_PATH, SessionListSchema);
  // Signing another session out asks again who you are (a stolen token alone cannot end the owner's sessions).
  const confirm = useSmallForm({ currentPassword: '', code: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function end(session: Session) {
    setBusy(session.id);
    setError(null);
    try {
      const { code, currentPassword } = confirm.values;
      const body = twoFactor ? { currentPassword, ...secondFactor(code) } : { currentPassword };
      await mutate(`${SESSIONS_PATH}/${session.id}`, { method: 'DELETE', body, invalidates: [SESSIONS_PATH] });
      confirm.reset();
      toast.success('The session has been signed out.');
    } catch (caught) {
      setError(errorMessage(caught, 'The session could not be signed out.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card title="Sessions">
      <p className="mt-1 text-sm text-slate-700">
        Where your account is signed in. Sign out any you do not recognise: confirm with your password first.
      </p>
      <div className="mt-4 space-y-4">
        <AccountField
          name="sessionsCurrentPassword"
          label="Your password, to sign a session out"
          type="password"
          autoComplete="current-password"
          value={confirm.values.currentPassword}
          onChange={confirm.set('currentPassword')}
        />
        {twoFactor && <CodeField value={confirm.values.code} onChange={confirm.set('code')} />}
      </div>
      <ErrorText error={error} />
      <div className="mt-4">
        <QueryView query={sessions}>
          {(list) => (
            <ul className="divide-y divide-slate-200">
              {list.map((session) => (
                <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <p className="font-medium">
                      <span title={session.userAgent ?? undefined}>{describeUserAgent(session.userAgent)}</span>
                      {session.current && <span className="ml-2 text-sm text-green-800">(this session)</span>}
                    </p>
                    <p className="text-sm text-slate-700">
                      Signed in {when(session.createdAt)} · last used {when(session.lastUsedAt)}
                    </p>
                  </div>
                  {!session.current && (
                    <button
                      type="button"
                      disabled={busy === session.id}
                      onClick={() => void end(session)}
                      aria-label={`Sign out the session signed in ${when(session.createdAt)}`}
                      className={secondaryButton}
                    >
                      Sign out
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </div>
    </Card>
  );
}

export function AccountSettings() {
  const status = useApiQuery(STATUS_PATH, TwoFactorStatusSchema);
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold">Your account</h2>
      <QueryView query={status}>
        {(current) => {
          // The server refuses everything else (403) until a required 2FA is set up; it is offered only after.
          const mustSetUp = current.required && !current.enabled;
          return (
            <div className="space-y-6">
              {mustSetUp && (
                <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
                  {ACCOUNT_MESSAGES.twoFactorRequired}
                </p>
              )}
              <TwoFactorCard status={current} />
              {!mustSetUp && (
                <>
                  <NameCard />
                  <PasswordCard twoFactor={current.enabled} />
                  <MailCard />
                  <SessionsCard twoFactor={current.enabled} />
                </>
              )}
            </div>
          );
        }}
      </QueryView>
    </div>
  );
}
