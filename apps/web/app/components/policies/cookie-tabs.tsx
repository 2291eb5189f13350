// The cookie policy's four tabs (WAI-ARIA tabs pattern: arrow keys, Home/End, roving tabindex). The served
// HTML shows every panel, one after the other, so that all of it can be read before the script arrives or
// if it never does; once its behaviour runs (cookie-tabs.enhance.ts, plain script), only the chosen panel. A tab
// is drawn from its `aria-selected`, which is all the script changes; it finds the tab list by TABS_HOOK.
import type { CookiesDocument } from '@agency/contract';
import { TABS_HOOK } from './cookie-tabs.enhance';
import { PolicyBlocks } from './policy-blocks';

type CookieTab = CookiesDocument['tabs'][number];

const tabId = (id: CookieTab['id']) => `cookie-tab-${id}`;
const panelId = (id: CookieTab['id']) => `cookie-panel-${id}`;

// Without JavaScript the tabs can never switch anything: only the panels are shown. (With JavaScript on,
// the tab list stays: a tab chosen before the script runs is chosen once it does, lib/early-clicks.ts.)
const NO_SCRIPT_STYLE = `<style>[${TABS_HOOK}]{display:none}</style>`;

export function CookieTabs({ cookies }: { cookies: CookiesDocument }) {
  const { tabs: COOKIE_TABS, table: COOKIE_TABLE } = cookies;
  const selected = 0;

  return (
    <div className="mt-10">
      <noscript dangerouslySetInnerHTML={{ __html: NO_SCRIPT_STYLE }} />
      <div
        role="tablist"
        {...{ [TABS_HOOK]: '' }}
        aria-label="Cookie policy"
        className="flex flex-wrap gap-2 border-b border-slate-200"
      >
        {COOKIE_TABS.map((tab, index) => {
          const isSelected = index === selected;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              className="-mb-px rounded-t-md border-b-2 px-4 py-3 font-semibold aria-selected:border-brand-600 aria-selected:text-brand-700 aria-[selected=false]:border-transparent aria-[selected=false]:text-slate-600 aria-[selected=false]:hover:text-ink"
            >
              {tab.label}
            </button>
          );
        })}
      </div>

      {COOKIE_TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          tabIndex={0}
          className="py-8"
        >
          <h2 className="text-2xl font-semibold">{tab.label}</h2>
          <div className="mt-4">
            <PolicyBlocks blocks={tab.body} />
          </div>
          {tab.id === 'table' ? <CookieTable rows={COOKIE_TABLE} /> : null}
        </div>
      ))}
    </div>
  );
}

function CookieTable({ rows: COOKIE_TABLE }: { rows: CookiesDocument['table'] }) {
  return (
    <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Cookies used on this website</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Name
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Purpose
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Type
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Duration
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {COOKIE_TABLE.map((cookie) => (
            <tr key={cookie.name}>
              <th scope="row" className="px-4 py-3 font-mono font-semibold">
                {cookie.name}
              </th>
              <td className="px-4 py-3 text-slate-700">{cookie.purpose}</td>
              <td className="px-4 py-3 text-slate-700">{cookie.type}</td>
              <td className="px-4 py-3 text-slate-700">{cookie.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
