// A titled block of a landing page: a card grid (benefits, why choose us) or a bulleted list (importance).
import type { ContentSection } from '@agency/contract/content/service-pages.ts';

export function ContentSectionView({ section, tinted }: { section: ContentSection; tinted: boolean }) {
  const headingId = `${section.id}-heading`;
  return (
    <section aria-labelledby={headingId} className={tinted ? 'bg-slate-50' : 'bg-white'}>
      <div className="mx-auto max-w-7xl px-6 py-16">
        {section.layout === 'cards' ? (
          <>
            <h2 id={headingId} className="text-center text-3xl font-bold">
              {section.heading}
            </h2>
            {section.intro ? (
              <p className="mx-auto mt-4 max-w-2xl text-center text-slate-600">{section.intro}</p>
            ) : null}
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {section.items.map((item) => (
                <li key={item.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                  <h3 className="text-lg font-semibold text-brand-700">{item.title}</h3>
                  <p className="mt-2 text-slate-700">{item.body}</p>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <div className="grid items-center gap-12 md:grid-cols-2">
            <div>
              <h2 id={headingId} className="text-3xl font-bold">
                {section.heading}
              </h2>
              {section.intro ? <p className="mt-4 text-slate-600">{section.intro}</p> : null}
              <ul className="mt-8 space-y-5">
                {section.items.map((item) => (
                  <li key={item.title} className="flex gap-3">
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-1 h-5 w-5 shrink-0 text-brand-600">
                      <path
                        fill="currentColor"
                        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
                      />
                    </svg>
                    <p className="text-slate-700">
                      <strong className="font-semibold text-ink">{item.title}:</strong> {item.body}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
            {section.image ? (
              <img
                src={section.image.src}
                alt={section.image.alt}
                width={section.image.width}
                height={section.image.height}
                loading="lazy"
                decoding="async"
                className="mx-auto h-auto w-full max-w-md"
              />
            ) : null}
          </div>
        )}
      </div>
    </section>
  );
}
