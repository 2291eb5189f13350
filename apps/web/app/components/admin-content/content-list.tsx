// The Content section's first page (issue 23, item 7): every editable document, grouped by the page it is
// shown on, with whether a draft or a scheduled version waits and who changed it last.
import { ContentListSchema, type ContentListItem } from '@agency/contract';
import { Link } from 'react-router';
import { QueryView } from '~/components/admin/query-view';
import { useApiQuery } from '~/lib/api-query';
import { HumanTime } from './human-time';

const STATUS_STYLE: Record<ContentListItem['status'], string> = {
  published: 'bg-green-100 text-green-900',
  draft: 'bg-amber-100 text-amber-900',
  scheduled: 'bg-blue-100 text-blue-900',
};

/** The admin address of a document's editor (a key may hold a slash: service/cloud-services). */
export const contentEditorPath = (key: string) => `/admin/content/${key}`;

const GROUPS: { label: string; test: (item: ContentListItem) => boolean }[] = [
  { label: 'Every page', test: (item) => item.key === 'site' },
  {
    label: 'Pages',
    test: (item) => !item.key.startsWith('service/') && !['site', 'privacy', 'terms', 'cookies'].includes(item.key),
  },
  { label: 'Service pages', test: (item) => item.key.startsWith('service/') },
  { label: 'Policies', test: (item) => ['privacy', 'terms', 'cookies'].includes(item.key) },
];

export function ContentList() {
  const list = useApiQuery('/admin/content', ContentListSchema);
  return (
    <section aria-labelledby="content-heading">
      <h2 id="content-heading" className="text-2xl font-bold">
        Content
      </h2>
      <p className="mt-1 text-slate-700">
        The texts, prices and offices of the site’s pages. Changes are saved as a draft; the public sees them once
        published.
      </p>
      <div className="mt-6 space-y-8">
        <QueryView query={list}>
          {({ items }) =>
            GROUPS.map((group) => {
              const members = items.filter(group.test);
              if (members.length === 0) return null;
              return (
                <div key={group.label}>
                  <h3 className="text-lg font-semibold">{group.label}</h3>
                  <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-300 bg-white">
                    {members.map((item) => (
                      <li key={item.key} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                        <div>
                          <Link to={contentEditorPath(item.key)} className="font-semibold text-brand-700 underline">
                            {item.title}
                          </Link>
                          <p className="text-sm text-slate-700">
                            {item.paths.join(', ')} · changed <HumanTime value={item.updatedAt} />
                            {item.updatedBy ? ` by ${item.updatedBy}` : ''}
                          </p>
                        </div>
                        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[item.status]}`}>
                          {item.status === 'draft' ? 'draft waiting' : item.status}
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })
          }
        </QueryView>
      </div>
    </section>
  );
}
