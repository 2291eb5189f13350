// The page of one post: title, author, date, tags, image and the sanitized HTML. Shared by
// /blog/<slug> and the preview link.
import { imageSrcSet, type PublishedPost } from '@agency/contract';
import type { ReactNode } from 'react';
import { Link } from '~/lib/navigation';
import { TagList } from './tag-list';

// A fixed time zone, so the server's text and the browser's hydration agree.
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** Size to reserve for an image hosted elsewhere, whose real size is unknown (16:9, like most headers). */
const FALLBACK_IMAGE_SIZE = { width: 1600, height: 900 };

/** Styles for the sanitized post HTML (Tailwind has no typography defaults). */
const CONTENT_CLASSES = [
  'mt-10 text-lg leading-8 text-slate-700',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-ink',
  '[&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-ink',
  '[&_p]:mt-5 [&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a:hover]:text-brand-900',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-100 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-slate-100',
  '[&_code]:font-mono [&_code]:text-[0.9em] [&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_table]:mt-6 [&_table]:w-full [&_table]:text-left [&_th]:border-b [&_th]:p-2 [&_td]:border-b [&_td]:p-2 [&_hr]:my-10',
].join(' ');

export function PostArticle({ post, notice }: { post: PublishedPost; notice?: ReactNode }) {
  const srcSet = imageSrcSet(post.imageUrl) ?? undefined;
  const size = post.image ?? FALLBACK_IMAGE_SIZE;
  const date = post.publishedAt ?? post.createdAt;
  return (
    <article className="mx-auto max-w-3xl px-6 py-16">
      {notice}
      <p>
        <Link to="/blog" className="text-sm font-semibold text-brand-700 hover:underline">
          ← All blogs
        </Link>
      </p>
      <header className="mt-6">
        <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{post.title}</h1>
        <p className="mt-4 text-slate-600">
          {post.author ? <span>By {post.author.username} · </span> : null}
          <time dateTime={date}>{dateFormat.format(new Date(date))}</time>
        </p>
        <TagList tags={post.tags} className="mt-4" />
      </header>
      {post.imageUrl ? (
        <img
          src={post.imageUrl}
          srcSet={srcSet}
          sizes={srcSet ? '(min-width: 48rem) 45rem, calc(100vw - 3rem)' : undefined}
          width={size.width}
          height={size.height}
          alt={post.imageAlt ?? ''}
          fetchPriority="high"
          className="mt-10 aspect-auto h-auto w-full rounded-xl bg-slate-100 object-cover"
        />
      ) : null}
      {/* Rendered from Markdown and sanitized with an allow-list on the server (services/markdown.ts). */}
      <div className={CONTENT_CLASSES} dangerouslySetInnerHTML={{ __html: post.html }} />
    </article>
  );
}
