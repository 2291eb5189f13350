// The mission statement and the three reasons to choose the agency.
import type { HomeDocument } from '@agency/contract';
import { Prose } from '~/components/ui/prose';

export function MissionSection({ mission: MISSION }: { mission: HomeDocument['mission'] }) {
  return (
    <section className="mx-auto max-w-4xl px-6 py-20 text-center" aria-labelledby="mission-title">
      <h2 id="mission-title" className="text-3xl font-bold tracking-tight">
        {MISSION.title}
      </h2>
      {MISSION.text.map((paragraph) => (
        <Prose key={paragraph} html={paragraph} className="mt-4 text-lg text-slate-600" />
      ))}
    </section>
  );
}

export function WhyChooseUs({ whyChooseUs: WHY_CHOOSE_US }: { whyChooseUs: HomeDocument['whyChooseUs'] }) {
  return (
    <section className="bg-brand-50" aria-labelledby="why-title">
      <div className="mx-auto max-w-7xl px-6 py-20">
        <h2 id="why-title" className="text-center text-3xl font-bold tracking-tight">
          {WHY_CHOOSE_US.title}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {WHY_CHOOSE_US.reasons.map((reason) => (
            <li key={reason.title} className="rounded-xl bg-white p-8 shadow-sm">
              <h3 className="text-xl font-semibold text-brand-700">{reason.title}</h3>
              <p className="mt-3 text-slate-600">{reason.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
