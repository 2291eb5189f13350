import { ServiceExplorer } from '~/components/services/service-explorer';
import { pageSeo } from '~/lib/seo';

export const meta = () => pageSeo('services');

export default function Services() {
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-6 py-20">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Our Services</h1>
          <p className="mt-6 max-w-2xl text-lg text-blue-100">
            Cloud computing, website development and managed IT, planned and delivered by one team. Choose a service to
            see what it covers.
          </p>
        </div>
      </section>
      <ServiceExplorer />
    </>
  );
}
