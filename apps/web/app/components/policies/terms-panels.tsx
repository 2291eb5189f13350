// Terms and conditions: quick navigation, one collapsible panel per section (open by default), Back to Top.
// Markup only: every panel is open in the served HTML; terms-panels.enhance.ts (no React, by TERMS_HOOKS) makes
// the panels collapsible, the quick navigation open a closed target first, and Back to Top work. A chevron
// follows its button's `aria-expanded`.
import type { PolicyDocument } from '@agency/contract';
import { PolicyBlocks } from './policy-blocks';
import { Prose } from '~/components/ui/prose';
import { TERMS_HOOKS } from './terms-panels.enhance';

export function TermsPanels({ terms }: { terms: PolicyDocument }) {
  const { intro: TERMS_INTRO, sections: TERMS_SECTIONS } = terms;
  return (
    <div {...{ [TERMS_HOOKS.terms]: '' }} className="mx-auto max-w-4xl px-6 py-16">
      <h1
        id="terms-title"
        {...{ [TERMS_HOOKS.title]: '' }}
        tabIndex={-1}
        className="text-4xl font-bold focus:outline-none"
      >
        Terms and Conditions
      </h1>
      <Prose html={TERMS_INTRO} className="mt-6 text-lg text-slate-700" />

      <nav aria-labelledby="terms-nav-heading" className="mt-10 rounded-xl bg-slate-50 p-6">
        <h2 id="terms-nav-heading" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
          Quick navigation
        </h2>
        <ol className="mt-4 grid gap-2 sm:grid-cols-2">
          {TERMS_SECTIONS.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                {...{ [TERMS_HOOKS.link]: '' }}
                className="text-brand-700 underline-offset-2 hover:underline"
              >
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 space-y-4">
        {TERMS_SECTIONS.map((section, index) => {
          const panelId = `${section.id}-panel`;
          return (
            <section
              key={section.id}
              id={section.id}
              tabIndex={-1}
              aria-labelledby={`${section.id}-button`}
              className="scroll-mt-28 rounded-xl border border-slate-200 bg-white focus:outline-none"
            >
              <h2 className="text-xl font-semibold">
                <button
                  type="button"
                  id={`${section.id}-button`}
                  {...{ [TERMS_HOOKS.toggle]: '' }}
                  aria-expanded
                  aria-controls={panelId}
                  className="flex w-full items-center justify-between gap-4 rounded-xl px-6 py-5 text-left hover:bg-slate-50"
                >
                  <span>
                    {index + 1}. {section.title}
                  </span>
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    className="h-5 w-5 shrink-0 text-brand-600 transition-transform in-aria-expanded:rotate-180"
                  >
                    <path
                      fill="currentColor"
                      d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
                    />
                  </svg>
                </button>
              </h2>
              <div id={panelId} className="px-6 pb-6">
                <PolicyBlocks blocks={section.body} />
              </div>
            </section>
          );
        })}
      </div>

      <div className="mt-10 text-center">
        <button
          type="button"
          {...{ [TERMS_HOOKS.backToTop]: '' }}
          className="rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
        >
          Back to Top
        </button>
      </div>
    </div>
  );
}
