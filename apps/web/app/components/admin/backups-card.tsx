// The dashboard's backups card: the last good backup (red when older than two intervals, or when the last
// one failed), a button to take one now, and the kept archives to download (GET /api/admin/backups).
import { BackupListSchema, type BackupStatus } from '@agency/contract';
import { useState } from 'react';
import { toast } from '~/components/ui/toast';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { when } from '~/components/admin-leads/lead-kinds';
import { downloadWithAuth } from './download';

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function BackupsCard({ status, className }: { status: BackupStatus; className: string }) {
  const list = useApiQuery('/admin/backups', BackupListSchema);
  const [busy, setBusy] = useState(false);
  const bad = status.overdue || status.lastError !== null;

  async function takeNow() {
    setBusy(true);
    try {
      const { name } = await mutate<{ name: string }>('/admin/backups', { method: 'POST', invalidates: [] });
      toast.success(`Backup ${name} started; it is listed here once written and checked.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The backup could not be started'));
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
        {status.intervalHours === null
          ? 'Backups are not scheduled (set BACKUP_INTERVAL_HOURS).'
          : `Scheduled every ${status.intervalHours} hours.`}
      </p>
      {status.overdue && (
        <p className="mt-1 text-sm font-semibold">The last good backup is more than two intervals old.</p>
      )}
      {status.lastError && <p className="mt-1 text-sm break-words">The last backup failed: {status.lastError}</p>}
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
                className="text-brand-700 underline"
                onClick={() =>
                  void downloadWithAuth(`/admin/backups/${item.name}`, item.name).then(
                    (ok) => ok || toast.error('Failed to download the backup'),
                  )
                }
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
