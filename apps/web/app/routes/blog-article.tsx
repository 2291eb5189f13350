import { data } from 'react-router';
import { formatDate } from '~/components/blog/blog-card';
import { blogArticleByPath } from '~/content/blog-articles';
import { articleJsonLd } from '~/lib/jsonld';
import { jsonLd, seo } from '~/lib/seo';
import type { Route } from './+types/blog-article';
import { loadSite } from '~/lib/content-loader';

// The route is registered once per built-in article (content/pages.ts), so the path names the article. The
// article is the route's data (inside the prerendered HTML, or /<path>.data on a client navigation), so the
// browser does not download every built-in article with this page's script.
export const loader = async ({ request, context }: Route.LoaderArgs) => {
  const article = blogArticleByPath(new URL(request.url).pathname);
  if (!article) throw data(null, { status: 404 });
  return { ...article, ...(await loadSite({ request, context })) };
};

export const meta = ({ loaderData: article }: Route.MetaArgs) => {
  if (!article) return [];
  return [
    ...seo({
      title: article.title,
      description: article.description,
      path: article.path,
      // The article's picture is a decorative SVG, which link previews do not show: the site's card instead.
      type: 'article',
    }),
    jsonLd(
      articleJsonLd({
        title: article.title,
        description: article.description,
        path: article.path,
        image: article.image.src,
        publishedAt: article.publishedAt,
      }),
    ),
  ];
};

export default function BlogArticle({ loaderData: article }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-6 py-16">
      <header>
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{article.title}</h1>
        <p className="mt-4 text-slate-600">
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
          <span aria-hidden="true"> · </span>
          <span>By {article.author}</span>
        </p>
      </header>
      <img
        src={article.image.src}
        alt=""
        width={article.image.width}
        height={article.image.height}
        className="mt-8 w-full rounded-2xl"
      />
      <p className="mt-8 text-xl text-slate-700">{article.intro}</p>
      {article.sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-2xl font-bold tracking-tight">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-lg leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
          {section.bullets && (
            <ul className="mt-4 list-disc space-y-2 pl-6 text-lg text-slate-700">
              {section.bullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
