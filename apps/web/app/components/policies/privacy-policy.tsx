// The privacy policy: numbered sections and a sticky table of contents that highlights its target (the
// highlight is privacy-policy.enhance.ts's, without React, which sets `data-highlighted` on the link and the
// section, and the classes below follow it; without JavaScript the links are plain anchors).
import type { PolicyDocument } from '@agency/contract';
import { PolicyBlocks } from './policy-blocks';
import { formatPolicyDate } from './policy-date';
import { Prose } from '~/components/ui/prose';
import { PRIVACY_HOOKS } from './privacy-policy.enhance';

export function PrivacyPolicy({ privacy }: { privacy: PolicyDocument }) {
  const { intro: PRIVACY_INTRO, lastUpdated: PRIVACY_LAST_UPDATED, sections: PRIVACY_SECTIONS } = privacy;
  return (
    <div className="mx-auto max-w-7xl px-6 py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold">Privacy Policy</h1>
        <p className="mt-3 text-sm font-medium text-slate-600">
          Last Updated: <time dateTime={PRIVACY_LAST_UPDATED}>{formatPolicyDate(PRIVACY_LAST_UPDATED)}</time>
        </p>
        <Prose html={PRIVACY_INTRO} className="mt-6 text-lg text-slate-700" />
      </header>

      <div className="mt-12 grid gap-12 lg:grid-cols-[16rem_1fr]">
        <nav
          aria-labelledby="privacy-toc-heading"
          {...{ [PRIVACY_HOOKS.contents]: '' }}
          className="lg:sticky lg:top-24 lg:self-start"
        >
          <h2 id="privacy-toc-heading" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
            Contents
          </h2>
          <ol className="mt-4 space-y-1 border-l border-slate-200">
            {PRIVACY_SECTIONS.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l-2 border-transparent py-1.5 pl-4 text-sm text-slate-700 hover:text-brand-700 data-highlighted:border-brand-600 data-highlighted:text-brand-700"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="max-w-3xl space-y-6">
          {PRIVACY_SECTIONS.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              tabIndex={-1}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-28 rounded-xl border border-transparent p-6 transition-colors duration-150 focus:outline-none data-highlighted:border-brand-500 data-highlighted:bg-brand-50"
            >
              <h2 id={`${section.id}-heading`} className="text-2xl font-semibold">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-4">
                <PolicyBlocks blocks={section.body} />
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
