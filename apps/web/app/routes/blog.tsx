import { BlogCard } from '~/components/blog/blog-card';
import { BLOG_ARTICLES } from '~/content/blog-articles';
import { pageSeo } from '~/lib/seo';
import { plainText } from '~/lib/text';
import type { Route } from './+types/blog';

export const meta = () => pageSeo('blog');

export async function loader({ context }: Route.LoaderArgs) {
  return { posts: await context.blogs.listPublished() };
}

// Size of uploaded post images when the post does not say (cards crop to 16:9 anyway).
const POST_IMAGE = { width: 960, height: 540 };

export default function BlogList({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-6 py-20">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Blogs</h1>
          <p className="mt-6 max-w-2xl text-lg text-blue-100">
            Practical guides on cloud, networks, security and the web, written by the engineers who do the work.
          </p>
        </div>
      </section>
      <ul className="mx-auto grid max-w-7xl gap-8 px-6 py-16 sm:grid-cols-2 lg:grid-cols-3">
        {BLOG_ARTICLES.map((article, index) => (
          <li key={article.id}>
            <BlogCard
              title={article.title}
              content={article.intro}
              to={article.path}
              image={article.image}
              date={article.publishedAt}
              priority={index === 0}
            />
          </li>
        ))}
        {loaderData.posts.map((post) => (
          <li key={post._id}>
            <BlogCard
              title={post.title}
              content={post.excerpt || plainText(post.content)}
              to={`/blog/${post.slug}`}
              image={post.imageUrl ? { src: post.imageUrl, ...POST_IMAGE } : null}
              date={post.publishedAt}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
