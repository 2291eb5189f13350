// /sitemap.xml from the page list and the published blog posts.
import { PAGES } from '~/content/pages';
import { absoluteUrl } from '~/lib/seo';
import type { Route } from './+types/sitemap';

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

export async function loader({ context }: Route.LoaderArgs) {
  const posts = await context.blogs.listPublished();
  const urls = [
    ...PAGES.filter((entry) => entry.indexed).map((entry) => ({
      loc: absoluteUrl(entry.path, context.siteUrl),
      lastmod: undefined,
    })),
    ...posts.map((post) => ({ loc: absoluteUrl(`/blog/${post.slug}`, context.siteUrl), lastmod: post.updatedAt })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (url) => `  <url><loc>${escapeXml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
