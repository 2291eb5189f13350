// /blog: the built-in articles and the posts visible now; `?tag=` lists one tag's posts (its own
// title and canonical), `?q=` searches the built-in articles and the posts (full-text, best match first).
// Rendered per request.
import { BLOG_TAG_LENGTH, blogPostPath, blogTagPath, normalizeTag } from '@agency/contract';
import { Link } from '~/lib/navigation';
import { BlogCard } from '~/components/blog/blog-card';
import { articleSearchText, BLOG_ARTICLES, type BlogArticle } from '~/content/blog-articles';
import { pageById } from '~/content/pages';
import { pageSeo, seo } from '~/lib/seo';
import { plainText } from '~/lib/text';
import type { Route } from './+types/blog';
import { loadSite } from '~/lib/content-loader';
import { PageHero } from '~/components/ui/page-hero';

const SEARCH_MAX = 200;

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tag = normalizeTag(params.get('tag') ?? '').slice(0, BLOG_TAG_LENGTH);
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX);
  // The built-in articles have no tags; a search ranks them by the posts' full-text rules (their text is
  // not in the database, so it is handed to the query). Their cards come as data, so the page's script
  // does not carry the articles' text.
  let shown: readonly BlogArticle[] = BLOG_ARTICLES;
  if (tag) shown = [];
  else if (q) {
    const ranked = await context.blogs.rankArticles(q, BLOG_ARTICLES.map(articleSearchText));
    shown = ranked.flatMap((id) => BLOG_ARTICLES.filter((article) => article.id === id));
  }
  const articles = shown.map(({ sections: _text, ...card }) => card);
  const [posts, site] = await Promise.all([context.blogs.listPublished({ tag, q }), loadSite({ context, request })]);
  return { ...site, posts, articles, tag, q, siteUrl: context.siteUrl };
}

export const meta = ({ data: loaded }: Route.MetaArgs) => {
  if (loaded?.tag) {
    const entry = pageById('blog');
    return seo({
      title: `Posts tagged “${loaded.tag}”`,
      description: `Articles about ${loaded.tag} from our engineers. ${entry.description}`,
      path: blogTagPath(loaded.tag),
      origin: loaded.siteUrl,
    });
  }
  if (loaded?.q) {
    // A search result is not a page of its own: not indexed, canonical is the blog.
    return [
      ...pageSeo('blog', { title: `Search results for “${loaded.q}”`, origin: loaded.siteUrl }),
      { name: 'robots', content: 'noindex, follow' },
    ];
  }
  return pageSeo('blog', loaded ? { origin: loaded.siteUrl } : {});
};

// Size of uploaded post images when the post does not say (cards crop to 16:9 anyway).
const POST_IMAGE = { width: 960, height: 540 };

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { posts, articles, tag, q } = loaderData;
  const heading = tag ? `Posts tagged “${tag}”` : q ? `Search results for “${q}”` : 'Blogs';
  return (
    <>
      <PageHero
        title={heading}
        lead="Practical guides on cloud, networks, security and the web, written by the engineers who do the work."
      >
        <form method="get" action="/blog" role="search" className="mt-8 flex max-w-xl flex-wrap gap-3">
          <label htmlFor="blog-search" className="sr-only">
            Search the blog
          </label>
          <input
            id="blog-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={SEARCH_MAX}
            placeholder="Search the blog"
            className="min-w-0 flex-1 rounded-md border border-white/30 bg-white px-4 py-2.5 text-ink placeholder:text-slate-500"
          />
          <button
            type="submit"
            className="rounded-md bg-white px-5 py-2.5 font-semibold text-brand-900 hover:bg-blue-50"
          >
            Search
          </button>
        </form>
        {(tag || q) && (
          <p className="mt-6">
            <Link to="/blog" className="font-semibold text-white underline hover:text-blue-100">
              ← All posts
            </Link>
          </p>
        )}
      </PageHero>
      {posts.length === 0 && articles.length === 0 ? (
        <p role="status" className="mx-auto max-w-7xl px-6 py-16 text-lg text-slate-700">
          {q ? `No posts match “${q}”.` : `No posts are tagged “${tag}” yet.`}
        </p>
      ) : (
        <ul className="mx-auto grid max-w-7xl gap-8 px-6 py-16 sm:grid-cols-2 lg:grid-cols-3">
          {articles.map((article, index) => (
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
          {posts.map((post, index) => (
            <li key={post._id}>
              <BlogCard
                title={post.title}
                content={post.excerpt || plainText(post.content)}
                to={blogPostPath(post.slug)}
                image={post.imageUrl ? { src: post.imageUrl, alt: post.imageAlt, ...POST_IMAGE } : null}
                tags={post.tags}
                date={post.publishedAt}
                priority={articles.length === 0 && index === 0}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
