// The Connect With Us page's body (offices and contact from the site document, and the contact form), the
// route's (routes/connect.tsx) and the editor's preview's.
import type { NativeFormAnswer } from '@agency/contract';
import { ContactForm } from '~/components/forms/contact-form';
import { PageHero } from '~/components/ui/page-hero';
import { Island } from '~/public-runtime/island';
import { FindUs } from './find-us';

/** `answered`: the server's answer to the contact form posted without JavaScript, when the page shows it. */
export function ConnectPage({ answered }: { answered: NativeFormAnswer | null }) {
  return (
    <>
      <PageHero
        title="Connect With Us"
        lead="Visit one of our offices, call us or send a message. We reply to every enquiry within one business day."
      />
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
