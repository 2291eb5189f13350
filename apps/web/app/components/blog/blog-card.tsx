// A blog card on /blog: image, title cut to TRUNCATE.blogCardTitle, text cut to TRUNCATE.blogCardContent.
import { TRUNCATE } from '@agency/contract';
import { Link } from '~/lib/navigation';
import { TagList } from './tag-list';
import { truncate } from '~/lib/text';

export interface BlogCardProps {
  title: string;
  content: string;
  to: string;
  image?: { src: string; width: number; height: number; alt?: string | null } | null;
  /** Tag links under the text. */
  tags?: readonly string[];
  date?: string | null;
  /** The first card is on screen at load: its image loads at once instead of lazily. */
  priority?: boolean;
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
export const formatDate = (iso: string) => DATE.format(new Date(iso));

export function BlogCard({ title, content, to, image, tags = [], date, priority = false }: BlogCardProps) {
  return (
    <article
      data-testid="blog-card"
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {image ? (
        <img
          src={image.src}
          alt={image.alt ?? ''}
          width={image.width}
          height={image.height}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="aspect-[16/9] w-full object-cover"
        />
      ) : (
        <div aria-hidden="true" className="aspect-[16/9] w-full bg-gradient-to-br from-brand-900 to-brand-600" />
      )}
      <div className="flex flex-1 flex-col p-6">
        {date && (
          <p className="text-sm text-slate-600">
            <time dateTime={date}>{formatDate(date)}</time>
          </p>
        )}
        <h2 className="mt-2 text-xl font-bold text-ink">{truncate(title, TRUNCATE.blogCardTitle)}</h2>
        <p className="mt-3 flex-1 text-slate-600">{truncate(content, TRUNCATE.blogCardContent)}</p>
        <TagList tags={tags} className="mt-4" />
        <Link
          to={to}
          aria-label={`Read More: ${title}`}
          className="mt-6 inline-block self-start rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Read More<span className="sr-only">: {title}</span>
        </Link>
      </div>
    </article>
  );
}
