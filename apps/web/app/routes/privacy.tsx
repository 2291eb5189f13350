import { pageSeo } from '~/lib/seo';

export const meta = () => pageSeo('privacy');

export default function Page() {
  return (
    <section className="mx-auto max-w-7xl px-6 py-16">
      <h1 className="text-4xl font-bold">Privacy Policy</h1>
    </section>
  );
}
