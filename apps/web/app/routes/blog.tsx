import { pageSeo } from '~/lib/seo';
import type { Route } from './+types/blog';

export const meta = () => pageSeo('blog');

export async function loader({ context }: Route.LoaderArgs) {
  return { posts: await context.blogs.listPublished() };
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-6 py-16">
      <h1 className="text-4xl font-bold">Blogs</h1>
      <ul>
        {loaderData.posts.map((post) => (
          <li key={post._id}>{post.title}</li>
        ))}
      </ul>
    </section>
  );
}
