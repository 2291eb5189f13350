// Audit (admins only): what staff did, newest first, filtered by who and by action or area. Read-only:
// nothing in the API edits or deletes an entry; the retention job removes them after two years.
import { AUDIT_ACTIONS, AUDIT_AREAS, AUDIT_RETENTION_DAYS, AuditListSchema, type AuditEntry } from '@agency/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useApiQuery } from '~/lib/api-query';
import { labelClass } from '~/components/admin/form-styles';
import { Pager } from '~/components/admin/pager';
import { QueryView } from '~/components/admin/query-view';

const selectClass = 'mt-1 block rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * `{ from: 'editor', to: 'admin' }` → `from: editor, to: admin`; an account's id is shown as its name
 * (`people`, from the API), e.g. the owners of an owner change.
 */
const details = (data: Record<string, unknown>, people: Record<string, string>) =>
  Object.entries(data)
    .map(([key, value]) => {
      const shown =
        typeof value === 'string' && people[value]
          ? people[value]
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
      return `${key}: ${shown}`;
    })
    .join(', ');

export function AuditLog() {
  const id = useId();
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ ...(actor && { actor }), ...(action && { action }), page: String(page) });
  const log = useApiQuery(`/admin/audit?${query}`, AuditListSchema);

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        Audit log
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Every staff action: sign-ins, role changes, blog and lead changes, privacy requests and retention runs. Entries
        cannot be changed and are kept {Math.round(AUDIT_RETENTION_DAYS / 365)} years.
      </p>

      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${id}-actor`} className={labelClass}>
            Who
          </label>
          <select
            id={`${id}-actor`}
            value={actor}
            onChange={(event) => {
              setActor(event.target.value);
              setPage(1);
            }}
            className={selectClass}
          >
            <option value="">Everyone</option>
            {(log.data?.actors ?? []).map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-action`} className={labelClass}>
            Action
          </label>
          <select
            id={`${id}-action`}
            value={action}
            onChange={(event) => {
              setAction(event.target.value);
              setPage(1);
            }}
            className={selectClass}
          >
            <option value="">All actions</option>
            {AUDIT_AREAS.map((area) => (
              <optgroup key={area} label={area}>
                <option value={area}>All {area} actions</option>
                {AUDIT_ACTIONS.filter((name) => name.startsWith(`${area}.`)).map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-6">
        <QueryView query={log}>
          {(list) => {
            const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
            return (
              <>
                <p className="text-sm text-slate-700" aria-live="polite">
                  {list.total === 1 ? '1 entry' : `${list.total} entries`}
                  {pages > 1 && ` — page ${list.page} of ${pages}`}
                </p>
                {list.items.length > 0 && (
                  // Scrolls sideways on a phone: a focusable, named region, so a keyboard can scroll it too.
                  <div
                    role="region"
                    tabIndex={0}
                    aria-label="Audit log entries (scrolls sideways)"
                    className="relative mt-2 overflow-x-auto"
                  >
                    <table className="w-full min-w-[48rem] text-left text-sm">
                      <caption className="sr-only">Audit log entries, newest first</caption>
                      <thead className="border-b border-slate-300 text-slate-700">
                        <tr>
                          <th scope="col" className="py-2 pr-4">
                            When
                          </th>
                          <th scope="col" className="py-2 pr-4">
                            Who
                          </th>
                          <th scope="col" className="py-2 pr-4">
                            Action
                          </th>
                          <th scope="col" className="py-2 pr-4">
                            Target
                          </th>
                          <th scope="col" className="py-2 pr-4">
                            Address
                          </th>
                          <th scope="col" className="py-2">
                            Details
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {list.items.map((entry) => (
                          <AuditRow key={entry.id} entry={entry} people={list.people} />
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
                {pages > 1 && (
                  <Pager
                    label="Audit log pages"
                    page={list.page}
                    pages={pages}
                    onPage={setPage}
                    previousLabel="Newer"
                    nextLabel="Older"
                  />
                )}
              </>
            );
          }}
        </QueryView>
      </div>
    </section>
  );
}

function AuditRow({ entry, people }: { entry: AuditEntry; people: Record<string, string> }) {
  return (
    <tr className="border-b border-slate-200 align-top">
      <td className="py-2 pr-4 whitespace-nowrap">
        <time dateTime={entry.at}>{when(entry.at)}</time>
      </td>
      <td className="py-2 pr-4">{entry.actor.name}</td>
      <td className="py-2 pr-4 font-mono text-xs">{entry.action}</td>
      <td className="py-2 pr-4 text-xs break-words">
        <AuditTarget entry={entry} />
      </td>
      <td className="py-2 pr-4 font-mono text-xs">{entry.ip ?? '—'}</td>
      <td className="py-2 text-xs break-all">{details(entry.data, people) || '—'}</td>
    </tr>
  );
}

const TARGET_NOUNS: Record<string, string> = {
  user: 'Account',
  blog: 'Post',
  job: 'Job opening',
  quotes: 'Quote',
  contacts: 'Message',
  applications: 'Application',
  email: 'Address',
  consents: 'Consent records',
  retention: 'Retention',
  content: 'Page content',
  media: 'Image',
  backup: 'Backup',
  invite: 'Invitation',
};

/**
 * What an entry is about, in words: the name the API gives it (`label`) linked to its page in the admin
 * (`path`) when it still exists; an id only when the API knows no name for it (e.g. removed).
 */
function AuditTarget({ entry }: { entry: AuditEntry }) {
  const { target, label, path } = entry;
  if (!target) return <>—</>;
  const noun = TARGET_NOUNS[target.type] ?? target.type;
  const shown = label ?? target.id;
  return (
    <>
      <span className="text-slate-700">{noun}: </span>
      {path && path.startsWith('/') ? (
        <Link to={path} className="font-medium text-brand-700 underline">
          {shown}
        </Link>
      ) : (
        <span className={label ? '' : 'font-mono break-all'}>{shown}</span>
      )}
    </>
  );
}
