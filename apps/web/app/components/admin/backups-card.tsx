// The dashboard's backups card: the last good backup (red when older than two intervals, or when the last one
// failed), a button to take one now, and the kept archives to download (GET /api/admin/backups). Taking and
// downloading ask again for the password (and the 2FA code where it is on): an archive holds every lead. A backup
// started here is followed until it is written, so the card updates by itself. Messages restored held (pending
// when the backup was taken) are sent or discarded here.
import { BACKUP_MESSAGES, BackupLinkSchema, BackupListSchema, type BackupStatus } from '@agency/contract';
import { useEffect, useState } from 'react';
import { toast } from '~/components/ui/toast';
import { errorMessage, invalidate, mutate, useApiQuery } from '~/lib/api-query';
import { when } from '~/components/admin-leads/lead-kinds';

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** How often the card reads the status again while a backup it started runs. */
const FOLLOW_MS = 2000;

export function BackupsCard({ status, className }: { status: BackupStatus; className: string }) {
  const list = useApiQuery('/admin/backups', BackupListSchema);
  const [busy, setBusy] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [code, setCode] = useState('');
  const [following, setFollowing] = useState<string | null>(null);
  const bad = status.overdue || status.lastError !== null;

  // Follows the backup started here until the status says it is no longer running.
  const listed = list.data?.items.some((item) => item.name === following) ?? false;
  useEffect(() => {
    if (!following) return;
    if (listed || (!status.running && status.lastError)) {
      setFollowing(null);
      return;
    }
    const timer = setInterval(() => invalidate('/admin/stats', '/admin/backups'), FOLLOW_MS);
    return () => clearInterval(timer);
  }, [following, listed, status.running, status.lastError]);

  const proof = () => ({ currentPassword, ...(code.trim() ? { code: code.trim() } : {}) });

  async function takeNow() {
    setBusy(true);
    try {
      const { name } = await mutate<{ name: string }>('/admin/backups', { method: 'POST', body: proof() });
      setFollowing(name);
      setCode('');
      toast.success(`Backup ${name} started; it is listed here once written and checked.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The backup could not be started'));
    } finally {
      setBusy(false);
    }
  }

  async function download(name: string) {
    setBusy(true);
    try {
      const { url } = BackupLinkSchema.parse(
        await mutate(`/admin/backups/${name}/download`, { method: 'POST', body: proof() }),
      );
      setCode('');
      // The link is valid five minutes and once; the browser saves the archive it answers.
      window.location.assign(url);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to download the backup'));
    } finally {
      setBusy(false);
    }
  }

  async function held(action: 'send' | 'discard') {
    setBusy(true);
    try {
      const { count } = await mutate<{ count: number }>(`/admin/backups/held/${action}`, {
        method: 'POST',
        invalidates: ['/admin/stats'],
      });
      toast.success(action === 'send' ? `${count} messages will be sent.` : `${count} messages discarded.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The messages could not be changed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="backups-heading"
      data-state={bad ? 'bad' : 'ok'}
      className={`${className} ${bad ? 'border-red-300 bg-red-50 text-red-900' : ''}`}
    >
      <h3 id="backups-heading" className="text-lg font-bold">
        Backups
      </h3>
      <p className="mt-1 text-sm">
        {status.lastAt
          ? `Last good backup ${when(status.lastAt)}${status.sizeBytes !== null ? ` (${size(status.sizeBytes)})` : ''}, verified.`
          : 'No backup has been taken yet.'}{' '}
        {status.intervalHours === null ? BACKUP_MESSAGES.scheduleOff : `Scheduled every ${status.intervalHours} hours.`}
      </p>
      {(following || status.running) && (
        <p className="mt-1 text-sm" role="status">
          A backup is being taken…
        </p>
      )}
      {status.overdue && (
        <p className="mt-1 text-sm font-semibold">The last good backup is more than two intervals old.</p>
      )}
      {status.lastError && <p className="mt-1 text-sm break-words">The last backup failed: {status.lastError}</p>}
      {status.heldMessages > 0 && (
        <div className="mt-2 text-sm">
          <p>{BACKUP_MESSAGES.held(status.heldMessages)} They were not sent after the restore.</p>
          <button type="button" disabled={busy} onClick={() => void held('send')} className="mr-3 underline">
            Send them
          </button>
          <button type="button" disabled={busy} onClick={() => void held('discard')} className="underline">
            Discard them
          </button>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2 text-sm">
        <label className="flex flex-col">
          Your password (asked again: an archive holds every lead)
          <input
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            className="rounded-md border px-2 py-1"
          />
        </label>
        <label className="flex flex-col">
          Two-factor code (if it is on)
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            className="rounded-md border px-2 py-1"
          />
        </label>
      </div>
      <button
        type="button"
        disabled={busy}
        onClick={() => void takeNow()}
        className="mt-3 rounded-md bg-brand-700 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60"
      >
        Take a backup now
      </button>
      {list.data && list.data.items.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {list.data.items.map((item) => (
            <li key={item.name}>
              <button
                type="button"
                disabled={busy}
                className="text-brand-700 underline"
                onClick={() => void download(item.name)}
              >
                {item.name}
              </button>{' '}
              ({size(item.sizeBytes)}
              {item.verifiedAt ? ', verified' : ''})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
