// A post's tags as links to /blog?tag=…
import { blogTagPath } from '@agency/contract';
import { Link } from '~/lib/navigation';

export function TagList({ tags, className = '' }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${className}`}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={blogTagPath(tag)}
            className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-100"
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
