import { data } from 'react-router';
import { seo } from '~/lib/seo';
import type { Route } from './+types/blog-post';

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await context.blogs.findPublishedBySlug(params.slug);
  if (!post) throw data('Not found', { status: 404 });
  return { post, siteUrl: context.siteUrl };
}

export const meta = ({ data: loaded }: Route.MetaArgs) =>
  loaded
    ? seo({
        title: loaded.post.title,
        description: loaded.post.excerpt,
        path: `/blog/${loaded.post.slug}`,
        image: loaded.post.imageUrl,
        type: 'article',
        origin: loaded.siteUrl,
      })
    : [];

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-bold">{post.title}</h1>
    </article>
  );
}
