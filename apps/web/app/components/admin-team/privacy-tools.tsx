// Privacy (admins only): answer an erasure or access request by email address, see what the daily
// retention job will delete next, and download the consent log. Each request is in the audit log, with
// the address hashed.
import { ErasureResultSchema, type ErasureResult, RetentionPreviewSchema } from '@agency/contract';
import { type FormEvent, useId, useState } from 'react';
import { toast } from '~/components/ui/toast';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { confirmAction } from '~/components/admin/confirm-dialog';
import { downloadWithAuth } from '~/components/admin/download';
import { dangerButton, inputClass, labelClass, secondaryButton } from '~/components/admin/form-styles';
import { QueryView, errorBox } from '~/components/admin/query-view';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function PrivacyTools() {
  const id = useId();
  return (
    <div className="space-y-10">
      <h2 className="text-2xl font-bold">Privacy</h2>
      <RequestByAddress />
      <RetentionPreviewPanel />
      <section aria-labelledby={`${id}-consents`}>
        <h3 id={`${id}-consents`} className="text-lg font-semibold">
          Cookie consent log
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          Every choice made in the cookie banner, with its time, banner version and a shortened browser name. Nothing in
          it identifies a visitor.
        </p>
        <button
          type="button"
          className={`mt-3 ${secondaryButton}`}
          onClick={() =>
            void downloadWithAuth('/admin/consents/export.csv', 'consents.csv').then((ok) => {
              if (!ok) toast('The consent log could not be downloaded', { variant: 'error' });
            })
          }
        >
          Download consent log (CSV)
        </button>
      </section>
    </div>
  );
}

function RequestByAddress() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [erased, setErased] = useState<{ email: string; result: ErasureResult } | null>(null);

  async function exportData() {
    setError(null);
    setBusy(true);
    try {
      const ok = await downloadWithAuth(
        `/admin/privacy/export?${new URLSearchParams({ email: email.trim() })}`,
        'personal-data.zip',
      );
      if (!ok) setError('The export could not be made. Check the address and try again.');
    } finally {
      setBusy(false);
    }
  }

  async function erase(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return setError('Email is required');
    const sure = await confirmAction(
      `Erase every quote, message and application of ${address}, with their files and mails? This cannot be undone.`,
      'Erase',
    );
    if (!sure) return;
    setError(null);
    setBusy(true);
    try {
      const result = ErasureResultSchema.parse(
        await mutate('/admin/privacy/erase', { method: 'POST', body: { email: address }, invalidates: ['/admin'] }),
      );
      setErased({ email: address, result });
      toast.success(`Erased the data of ${address}`);
    } catch (caught) {
      setError(errorMessage(caught, 'The erasure failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        Requests by email address
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Access: a ZIP with every stored record of the address and the files it sent. Erasure: every lead of the address
        in any spelling of its case, its files and its mails.
      </p>
      <form onSubmit={(event) => void erase(event)} className="mt-3 flex flex-wrap items-end gap-3" noValidate>
        <div className="min-w-[18rem] flex-1">
          <label htmlFor={`${id}-email`} className={labelClass}>
            Email address
          </label>
          <input
            id={`${id}-email`}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="off"
            className={inputClass}
          />
        </div>
        <button
          type="button"
          className={secondaryButton}
          disabled={busy || !email.trim()}
          onClick={() => void exportData()}
        >
          Export data (ZIP)
        </button>
        <button type="submit" className={dangerButton} disabled={busy || !email.trim()}>
          Erase data
        </button>
      </form>
      {error && (
        <p role="alert" className={`mt-3 ${errorBox}`}>
          {error}
        </p>
      )}
      {erased && (
        <p
          role="status"
          className="mt-3 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          Erased for {erased.email}: {plural(erased.result.quotes, 'quote')},{' '}
          {plural(erased.result.contacts, 'message')}, {plural(erased.result.applications, 'application')},{' '}
          {plural(erased.result.files, 'file')} and {plural(erased.result.mails, 'mail')}.
        </p>
      )}
    </section>
  );
}

function RetentionPreviewPanel() {
  const id = useId();
  const preview = useApiQuery('/admin/privacy/retention', RetentionPreviewSchema);
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        Retention
      </h3>
      <QueryView query={preview}>
        {({ periods, cutoffs, due, lastRunAt }) => (
          <>
            <p className="mt-1 text-sm text-slate-700">
              A daily job deletes leads after their last activity: quotes after {periods.quotes} days, contact messages
              after {periods.contacts}, job applications after {periods.applications}, spam after {periods.spam}.{' '}
              {lastRunAt ? `Last run: ${day(lastRunAt)}.` : 'It has not run yet.'}
            </p>
            <table className="mt-3 text-left text-sm">
              <caption className="sr-only">What the next run would delete</caption>
              <thead className="border-b border-slate-300 text-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-6">
                    Next run deletes
                  </th>
                  <th scope="col" className="py-2 pr-6">
                    Count
                  </th>
                  <th scope="col" className="py-2">
                    Last activity before
                  </th>
                </tr>
              </thead>
              <tbody>
                {(
                  [
                    ['Quote requests', due.quotes, cutoffs.quotes],
                    ['Contact messages', due.contacts, cutoffs.contacts],
                    ['Job applications', due.applications, cutoffs.applications],
                    ['Files', due.files, null],
                    ['Mails', due.mails, null],
                    ['Audit entries (over two years old)', due.audit, null],
                  ] as const
                ).map(([label, count, cutoff]) => (
                  <tr key={label} className="border-b border-slate-200">
                    <th scope="row" className="py-2 pr-6 font-medium">
                      {label}
                    </th>
                    <td className="py-2 pr-6">{count}</td>
                    <td className="py-2">{cutoff ? day(cutoff) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </QueryView>
    </section>
  );
}
