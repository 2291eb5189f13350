// The admin area's navigation: the sections the account may open, the current one marked
// aria-current="page" (also on the pages inside it, e.g. a lead inside Leads). The Leads tab shows how
// many leads are new and nobody's.
import { InboxSchema, type Role } from '@agency/contract';
import { Link } from 'react-router';
import { type AdminSection, sectionsFor } from '~/content/admin';
import { useApiQuery } from '~/lib/api-query';

/** The inbox of every kind, new and unassigned leads only: its `total` is the Leads tab's count. */
export const NEW_UNASSIGNED_PATH = '/admin/leads?status=new&owner=none&page=1';

function NewUnassignedCount() {
  const total = useApiQuery(NEW_UNASSIGNED_PATH, InboxSchema).data?.newUnassigned.total ?? 0;
  if (total === 0) return null;
  return (
    <span className="ml-1 inline-block rounded-full bg-sky-700 px-2 py-0.5 text-xs font-bold text-white">
      {total}
      <span className="sr-only"> new and unassigned</span>
    </span>
  );
}

export function AdminNav({ role, current }: { role: Role; current: AdminSection | undefined }) {
  const sections = sectionsFor(role);
  if (sections.length < 2) return null;
  return (
    <nav aria-label="Admin sections">
      <ul className="flex flex-wrap gap-1 border-b border-slate-300">
        {sections.map((section) => {
          const active = section.id === current?.id;
          return (
            <li key={section.id}>
              <Link
                to={section.path}
                aria-current={active ? 'page' : undefined}
                className={`-mb-px block rounded-t-md border px-4 py-2 text-sm font-semibold ${
                  active
                    ? 'border-slate-300 border-b-white bg-white text-brand-700'
                    : 'border-transparent text-slate-700 hover:text-brand-700'
                }`}
              >
                {section.label}
                {section.id === 'leads' && (
                  <>
                    {' '}
                    <NewUnassignedCount />
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
