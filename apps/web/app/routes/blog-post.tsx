// /blog/<slug>: one post visible now, rendered on the server from the database. An earlier slug
// answers 301 to the current one; drafts, scheduled posts not yet due and unknown slugs: 404.
import { blogPostPath, type PublishedPost } from '@agency/contract';
import { data, redirect } from 'react-router';
import { PostArticle } from '~/components/blog/post-article';
import { articleJsonLd } from '~/lib/jsonld';
import { jsonLd, seo } from '~/lib/seo';
import type { Route } from './+types/blog-post';
import { loadSite } from '~/lib/content-loader';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const post = await context.blogs.findPublishedBySlug(params.slug);
  if (post) return { ...(await loadSite({ context, request })), post, siteUrl: context.siteUrl };
  const current = await context.blogs.findRedirect(params.slug);
  if (current) throw redirect(blogPostPath(current), 301);
  throw data('Not found', { status: 404 });
}

/** Meta tags and Article JSON-LD of a post page (the preview uses them too, plus noindex). */
export function postMeta(post: PublishedPost, siteUrl: string) {
  const path = blogPostPath(post.slug);
  return [
    // The search and social fields an editor set win over the title, excerpt and image.
    ...seo({
      title: post.seoTitle || post.title,
      description: post.seoDescription || post.excerpt,
      path,
      image: post.socialImageUrl || post.imageUrl,
      imageAlt: post.socialImageUrl ? post.socialImageAlt : post.imageAlt,
      type: 'article',
      origin: siteUrl,
    }),
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: 'Blog', href: '/blog/rss.xml' },
    jsonLd(
      articleJsonLd({
        title: post.title,
        description: post.seoDescription || post.excerpt,
        path,
        image: post.socialImageUrl || post.imageUrl,
        author: post.author?.username,
        publishedAt: post.publishedAt,
        updatedAt: post.updatedAt,
        keywords: post.tags,
        origin: siteUrl,
      }),
    ),
  ];
}

export const meta = ({ data: loaded }: Route.MetaArgs) => (loaded ? postMeta(loaded.post, loaded.siteUrl) : []);

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <PostArticle post={loaderData.post} />;
}
