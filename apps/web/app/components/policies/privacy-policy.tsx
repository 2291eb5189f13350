// The privacy policy: numbered sections and a sticky table of contents that highlights its target.
import { PRIVACY_HIGHLIGHT_MS } from '@agency/contract';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { PolicyDocument } from '@agency/contract';
import { PolicyBlocks } from './policy-blocks';
import { formatPolicyDate } from './policy-date';
import { scrollToSection } from './scroll-to-section';
import { Prose } from '~/components/ui/prose';

export function PrivacyPolicy({ privacy }: { privacy: PolicyDocument }) {
  const { intro: PRIVACY_INTRO, lastUpdated: PRIVACY_LAST_UPDATED, sections: PRIVACY_SECTIONS } = privacy;
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (!scrollToSection(id)) return;
    event.preventDefault();
    clearTimeout(timer.current);
    setHighlighted(id);
    timer.current = setTimeout(() => setHighlighted(null), PRIVACY_HIGHLIGHT_MS);
  };

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
        <nav aria-labelledby="privacy-toc-heading" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="privacy-toc-heading" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
            Contents
          </h2>
          <ol className="mt-4 space-y-1 border-l border-slate-200">
            {PRIVACY_SECTIONS.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  onClick={(event) => goTo(event, section.id)}
                  className={`-ml-px block border-l-2 py-1.5 pl-4 text-sm hover:text-brand-700 ${
                    highlighted === section.id ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-700'
                  }`}
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
              data-highlighted={highlighted === section.id ? 'true' : undefined}
              className={`scroll-mt-28 rounded-xl border p-6 transition-colors duration-150 focus:outline-none ${
                highlighted === section.id ? 'border-brand-500 bg-brand-50' : 'border-transparent'
              }`}
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
