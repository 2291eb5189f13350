// The scrolling strip of technologies we use. The list is rendered twice so the loop is seamless; the
// copy is hidden from assistive technology. It pauses on hover, on focus, with the button (WCAG 2.2.2)
// and does not move at all under prefers-reduced-motion. The button is tech-strip.enhance.ts's (no React).
import type { HomeDocument } from '@agency/contract';
import { IDLE_HOOK, PAUSE_HOOK } from './tech-strip.enhance';

// Keyframes are not expressible as Tailwind utilities; React 19 hoists this into <head> once. With scripting on, the
// track waits (`IDLE_HOOK`) until tech-strip.enhance.ts sees it near the viewport: a running animation has the
// compositor draw a frame for it sixty times a second even where it cannot be seen (decision 0024, round 40).
// Without scripting it runs from the start, as before.
const KEYFRAMES =
  '@keyframes tech-strip-scroll { from { transform: translateX(0); } to { transform: translateX(-50%); } }' +
  `@media (scripting: enabled) { [${IDLE_HOOK}] { animation-play-state: paused; } }`;

function TechList({ copy, items }: { copy: boolean; items: readonly string[] }) {
  return (
    <ul
      className={`flex shrink-0 items-center gap-4 pr-4 motion-reduce:flex-wrap ${copy ? 'motion-reduce:hidden' : ''}`}
      aria-hidden={copy || undefined}
      data-testid={copy ? 'tech-strip-copy' : 'tech-strip-list'}
    >
      {items.map((name) => (
        <li
          key={name}
          className="rounded-full border border-slate-300 bg-white px-6 py-3 text-base font-semibold whitespace-nowrap text-slate-700 shadow-sm"
        >
          {name}
        </li>
      ))}
    </ul>
  );
}

export function TechStrip({ techStack: TECH_STACK }: { techStack: HomeDocument['techStack'] }) {
  return (
    <section className="mx-auto max-w-7xl px-6 py-20" aria-labelledby="tech-title">
      <style href="tech-strip-keyframes" precedence="default">
        {KEYFRAMES}
      </style>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="tech-title" className="text-3xl font-bold tracking-tight">
          {TECH_STACK.title}
        </h2>
        <button
          type="button"
          aria-pressed={false}
          aria-controls="tech-strip-track"
          {...{ [PAUSE_HOOK]: '' }}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 motion-reduce:hidden"
        >
          Pause animation
        </button>
      </div>
      <div className="group mt-8 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)] motion-reduce:[mask-image:none]">
        <div
          id="tech-strip-track"
          data-testid="tech-strip-track"
          {...{ [IDLE_HOOK]: '' }}
          className="flex w-max motion-reduce:w-auto animate-[tech-strip-scroll_30s_linear_infinite] group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused] motion-reduce:animate-none"
        >
          <TechList copy={false} items={TECH_STACK.items} />
          <TechList copy items={TECH_STACK.items} />
        </div>
      </div>
    </section>
  );
}
