// A blog post's page beside its editor (page-frame.tsx): the post's page component (components/blog/post-article.tsx,
// as /blog/<slug> draws it) given the form's text as it is typed, its Markdown rendered with the editor's renderer
// (markdown-preview.ts; the server renders and sanitizes the published post with the site's).
import type { Blog, PublishedPost } from '@agency/contract';
import { useDeferredValue, useMemo } from 'react';
import { PostArticle } from '~/components/blog/post-article';
import { fromLocalInput } from '~/lib/local-time';
import { usePublishedSite } from '~/lib/site-content';
import { useAuth } from '~/state/auth';
import type { Kept } from './blog-values';
import { renderMarkdown } from './markdown-preview';
import { PageFrame } from './page-frame';

/** The heading of a post not named yet (the page never has an empty heading). */
export const UNTITLED_POST = 'Untitled post';

/** The post as its page would show it with `values` saved. */
export function draftPost(blog: Blog | null, values: Kept, author: string | null, now = new Date()): PublishedPost {
  const at = now.toISOString();
  const publishedAt = values.published ? (fromLocalInput(values.publishAt) ?? at) : null;
  return {
    _id: blog?._id ?? 'new',
    title: values.title.trim() ? values.title : UNTITLED_POST,
    content: values.content,
    html: renderMarkdown(values.content),
    imageUrl: values.imageUrl,
    imageAlt: values.imageAlt || null,
    image: null,
    author: blog?.author ?? (author ? { username: author } : null),
    slug: values.slug || blog?.slug || '',
    excerpt: values.excerpt,
    excerptWritten: values.excerpt !== '',
    seoTitle: values.seoTitle || null,
    seoDescription: values.seoDescription || null,
    socialImageUrl: values.socialImageUrl,
    socialImageAlt: values.socialImageAlt || null,
    status: values.published ? 'published' : 'draft',
    publishedAt,
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    createdAt: blog?.createdAt ?? at,
    updatedAt: at,
  };
}

export function PostPagePreview({
  blog,
  values,
  onTextClick,
}: {
  /** The post edited; null for a new one. */
  blog: Blog | null;
  /** The form's text, as typed. */
  values: Kept;
  onTextClick: (text: string) => void;
}) {
  const draft = useDeferredValue(values);
  const { user } = useAuth();
  const author = user?.username ?? null;
  const post = useMemo(() => draftPost(blog, draft, author), [blog, draft, author]);
  const site = usePublishedSite(null);
  return (
    <PageFrame title="Preview of the post’s page" site={site} draft={draft} onTextClick={onTextClick}>
      <PostArticle post={post} />
    </PageFrame>
  );
}
