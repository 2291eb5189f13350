// /blog/preview/<token>: a draft or scheduled post as the public will see it, for whoever holds the
// signed link (one hour); a post with an autosaved draft is shown as that draft (what its editor is writing).
// Never indexed, never cached.
import { BLOG_MESSAGES } from '@agency/contract';
import { data } from 'react-router';
import { PostArticle } from '~/components/blog/post-article';
import type { Route } from './+types/blog-preview';
import { postMeta } from './blog-post';

const PRIVATE = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' };

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await context.blogs.findPreview(params.token);
  if (!post) throw data(BLOG_MESSAGES.previewExpired, { status: 404, headers: PRIVATE });
  return data({ post, siteUrl: context.siteUrl, preview: true as const }, { headers: PRIVATE });
}

export const headers = () => PRIVATE;

export const meta = ({ data: loaded }: Route.MetaArgs) => [
  ...(loaded ? postMeta(loaded.post, loaded.siteUrl).filter((tag) => !('script:ld+json' in tag)) : []),
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function BlogPreview({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const state = post.status === 'published' ? 'published' : post.status === 'scheduled' ? 'scheduled' : 'a draft';
  return (
    <PostArticle
      post={post}
      notice={
        <p role="note" className="mb-8 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          Preview: this post is {state}
          {post.status === 'scheduled' && post.publishedAt
            ? ` and goes public on ${new Date(post.publishedAt).toUTCString()}`
            : ''}
          .
          {post.draftSavedAt
            ? ` It shows the changes autosaved at ${new Date(post.draftSavedAt).toUTCString()}, not saved to the post yet.`
            : ''}{' '}
          Only people with this link can see it, for one hour from when it was made.
        </p>
      }
    />
  );
}
