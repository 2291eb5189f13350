import { FindUs } from '~/components/connect/find-us';
import { ContactForm } from '~/components/forms/contact-form';
import { organizationJsonLd } from '~/lib/jsonld';
import { loadSite } from '~/lib/content-loader';
import { nativeAnswerLoader } from '~/lib/native-form';
import { jsonLd, documentSeo } from '~/lib/seo';
import type { Route } from './+types/connect';
import { Island } from '~/public-runtime/island';

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...documentSeo('connect', loaderData),
  jsonLd(organizationJsonLd(loaderData?.site)),
];

// The site document (offices, contact) and the answer to this page's form posted without JavaScript
// (lib/native-form.ts).
export const loader = async (args: Route.LoaderArgs) => ({
  ...(await loadSite(args)),
  answered: nativeAnswerLoader(args),
});

export default function Connect({ loaderData: { answered } }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-6 py-20">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Connect With Us</h1>
          <p className="mt-6 max-w-2xl text-lg text-blue-100">
            Visit one of our offices, call us or send a message. We reply to every enquiry within one business day.
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-12 px-6 py-16 lg:grid-cols-[2fr_3fr]">
        <FindUs />
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight">
            Send us a message
          </h2>
          <div className="mt-6">
            <Island name="contact-form" component={ContactForm} props={{ answered }} />
          </div>
        </section>
      </div>
    </>
  );
}
