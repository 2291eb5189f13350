export const meta = () => [{ title: 'Admin Panel' }, { name: 'robots', content: 'noindex' }];

export default function Admin() {
  return (
    <section className="mx-auto max-w-7xl px-6 py-16">
      <h1 className="text-3xl font-bold">Admin Panel</h1>
    </section>
  );
}
