// The Cookie Policy page's body from its document, the route's (routes/cookies.tsx) and the editor's preview's.
import type { CookiesDocument } from '@agency/contract';
import { RELATED_POLICIES } from '@agency/contract/content/cookie-policy.ts';
import { Prose } from '~/components/ui/prose';
import { Link } from '~/lib/navigation';
import { CookieTabs } from './cookie-tabs';
import { formatPolicyDate } from './policy-date';

export function CookiesPage({ content }: { content: CookiesDocument }) {
  const { intro: COOKIES_INTRO, lastUpdated: COOKIES_LAST_UPDATED } = content;
  return (
    <div className="mx-auto max-w-5xl px-6 py-16">
      <h1 className="text-4xl font-bold">Cookie Policy</h1>
      <p className="mt-3 text-sm font-medium text-slate-600">
        Last Updated: <time dateTime={COOKIES_LAST_UPDATED}>{formatPolicyDate(COOKIES_LAST_UPDATED)}</time>
      </p>
      <Prose html={COOKIES_INTRO} className="mt-6 text-lg text-slate-700" />

      <CookieTabs cookies={content} />

      <section aria-labelledby="related-policies-heading" className="mt-6 border-t border-slate-200 pt-8">
        <h2 id="related-policies-heading" className="text-xl font-semibold">
          Related Policies
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {RELATED_POLICIES.map((policy) => (
            <li key={policy.path} className="rounded-xl border border-slate-200 p-5">
              <Link to={policy.path} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                {policy.label}
              </Link>
              <p className="mt-1 text-slate-700">{policy.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
