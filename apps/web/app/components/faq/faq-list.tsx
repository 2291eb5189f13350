// FAQ accordion built on <details>/<summary>: keyboard operable and readable without JavaScript.
import type { Faq } from '@agency/contract/content/service-pages.ts';
import { Prose } from '~/components/ui/prose';

interface FaqListProps {
  faqs: readonly Faq[];
  heading?: string;
  /** Id of the heading, for the section's accessible name. */
  id?: string;
}

export function FaqList({ faqs, heading = 'Frequently Asked Questions', id = 'faq' }: FaqListProps) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mx-auto max-w-3xl px-6 py-16" data-testid="faq">
      <h2 id={`${id}-heading`} className="text-center text-3xl font-bold">
        {heading}
      </h2>
      <div className="mt-10 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {faqs.map((faq) => (
          <details key={faq.question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-5 text-left text-lg font-semibold hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              {faq.question}
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="h-5 w-5 shrink-0 text-brand-600 transition-transform group-open:rotate-180"
              >
                <path
                  fill="currentColor"
                  d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
                />
              </svg>
            </summary>
            <Prose html={faq.answer} className="px-6 pb-5 text-slate-700" />
          </details>
        ))}
      </div>
    </section>
  );
}
