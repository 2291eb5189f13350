// One section of the About page: heading, paragraphs and optional titled points.
import type { AboutSection as AboutSectionContent } from '@agency/contract/content/about.ts';
import { Prose } from '~/components/ui/prose';

export function AboutSection({ section, index }: { section: AboutSectionContent; index: number }) {
  const headingId = `about-${section.id}`;
  return (
    <section aria-labelledby={headingId} className={index % 2 === 1 ? 'bg-slate-50' : 'bg-white'}>
      <div className="mx-auto max-w-4xl px-6 py-16">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight">
          {section.title}
        </h2>
        {section.paragraphs.map((paragraph) => (
          <Prose key={paragraph} html={paragraph} className="mt-4 text-lg text-slate-600" />
        ))}
        {section.points && (
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {section.points.map((point) => (
              <li key={point.title} className="rounded-xl border border-slate-200 bg-white p-6">
                <h3 className="font-semibold text-brand-700">{point.title}</h3>
                <p className="mt-2 text-slate-600">{point.text}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
