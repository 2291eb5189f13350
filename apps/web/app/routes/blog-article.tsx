import { useLocation } from 'react-router';
import { pageByPath } from '~/content/pages';
import { seo } from '~/lib/seo';
import type { Route } from './+types/blog-article';

export const meta = ({ location }: Route.MetaArgs) => {
  const entry = pageByPath(location.pathname);
  return entry ? seo({ ...entry, type: 'article' }) : [];
};

export default function BlogArticle() {
  const entry = pageByPath(useLocation().pathname);
  return (
    <article className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-4xl font-bold">{entry?.title}</h1>
    </article>
  );
}
