// The admin area's navigation: the sections the account may open, the current one marked
// aria-current="page" (also on the pages inside it, e.g. a lead inside Leads). The Leads tab shows how
// many leads are new and nobody's; beside it, how many of my follow-ups are due and how many leads were held
// as possible spam since the last digest, each a link to its list. On a phone the sections keep to one row
// that scrolls sideways (with a cue that it does), so the first lead stays on the screen.
import { InboxSchema, type Role } from '@agency/contract';
import { Link } from 'react-router';
import { type AdminSection, sectionsFor } from '~/content/admin';
import { useApiQuery } from '~/lib/api-query';
import { ScrollBox } from './scroll-box';

/** The inbox of every kind, new and unassigned leads only: its `total` is the Leads tab's count. */
export const NEW_UNASSIGNED_PATH = '/admin/leads?status=new&owner=none&page=1';

const badge = 'ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-bold text-white';

function NewUnassignedCount({ total }: { total: number }) {
  if (total === 0) return null;
  return (
    <span className={`${badge} bg-sky-700`}>
      {total}
      <span className="sr-only"> new and unassigned</span>
    </span>
  );
}

/** Beside Leads: my follow-ups due and what was held as spam, each when there is any. */
function DeskCounts({ followUps, spam, spamPath }: { followUps: number; spam: number; spamPath: string }) {
  const pill = 'block rounded-full border px-3 py-1 text-xs font-bold whitespace-nowrap';
  return (
    <>
      {followUps > 0 && (
        <li className="self-center">
          <Link to="/admin/leads/follow-ups" className={`${pill} border-amber-400 bg-amber-50 text-amber-950`}>
            {followUps} due<span className="sr-only"> {followUps === 1 ? 'follow-up' : 'follow-ups'} of mine</span>
          </Link>
        </li>
      )}
      {spam > 0 && (
        <li className="self-center">
          <Link to={spamPath} className={`${pill} border-red-300 bg-red-50 text-red-900`}>
            {spam} held as spam<span className="sr-only"> since the last digest</span>
          </Link>
        </li>
      )}
    </>
  );
}

export function AdminNav({ role, current }: { role: Role; current: AdminSection | undefined }) {
  const sections = sectionsFor(role);
  const desk = sections.some((section) => section.id === 'leads');
  // Only the lead desk's roles may read the inbox (the server answers others 403).
  const inbox = useApiQuery(desk ? NEW_UNASSIGNED_PATH : null, InboxSchema).data;
  if (sections.length < 2) return null;
  return (
    <nav aria-label="Admin sections">
      <ScrollBox label="Admin sections" className="border-b border-slate-300">
        <ul className="flex flex-nowrap gap-1 sm:flex-wrap">
          {sections.map((section) => {
            const active = section.id === current?.id;
            return [
              <li key={section.id} className="shrink-0">
                <Link
                  to={section.path}
                  aria-current={active ? 'page' : undefined}
                  className={`-mb-px block rounded-t-md border px-4 py-2 text-sm font-semibold whitespace-nowrap ${
                    active
                      ? 'border-slate-300 border-b-white bg-white text-brand-700'
                      : 'border-transparent text-slate-700 hover:text-brand-700'
                  }`}
                >
                  {section.label}
                  {section.id === 'leads' && (
                    <>
                      {' '}
                      <NewUnassignedCount total={inbox?.newUnassigned.total ?? 0} />
                    </>
                  )}
                </Link>
              </li>,
              section.id === 'leads' && inbox && (
                <DeskCounts
                  key="desk-counts"
                  followUps={inbox.myFollowUpsDue}
                  spam={inbox.heldAsSpam.count}
                  spamPath={inbox.heldAsSpam.path}
                />
              ),
            ];
          })}
        </ul>
      </ScrollBox>
    </nav>
  );
}
