// WAI-ARIA tabs: a tablist with roving focus (arrows, Home, End) and one tabpanel per tab.
// A panel's content mounts the first time its tab is chosen and then stays, keeping its state.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

export function Tabs({ label, tabs, initialId }: { label: string; tabs: TabItem[]; initialId?: string }) {
  const base = useId();
  const [selected, setSelected] = useState(tabs.find((tab) => tab.id === initialId)?.id ?? tabs[0]?.id ?? '');
  const [visited, setVisited] = useState(() => new Set([selected]));
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  function choose(id: string, focus = false) {
    setSelected(id);
    setVisited((current) => (current.has(id) ? current : new Set(current).add(id)));
    if (focus) buttons.current.get(id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const target =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    choose(target.id, true);
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 border-b border-slate-300"
      >
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => choose(tab.id)}
              className={`-mb-px rounded-t-md border px-4 py-2 text-sm font-semibold ${
                active
                  ? 'border-slate-300 border-b-white bg-white text-brand-700'
                  : 'border-transparent text-slate-700 hover:text-brand-700'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="pt-6 focus-visible:outline-2"
        >
          {visited.has(tab.id) && tab.content}
        </div>
      ))}
    </div>
  );
}
