// /sitemap.xml from the page list, the posts visible now and the open job openings.
import { CONTENT_DOCUMENTS, blogPostPath, jobPath } from '@agency/contract';
import { PAGES } from '~/content/pages';
import { absoluteUrl } from '~/lib/seo';
import type { Route } from './+types/sitemap';

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** When a page's own content documents were last published, if any was edited (issue 23). */
async function contentLastmod(context: Route.LoaderArgs['context'], path: string): Promise<string | undefined> {
  const keys = CONTENT_DOCUMENTS.filter((entry) => entry.paths.includes(path)).map((entry) => entry.key);
  const documents = await Promise.all(keys.map((key) => context.content.published(key)));
  const dates = documents.flatMap((document) => (document?.edited ? [document.publishedAt] : [])).sort();
  return dates.at(-1);
}

export async function loader({ context }: Route.LoaderArgs) {
  const [posts, jobs] = await Promise.all([context.blogs.listPublished(), context.jobs.listOpen()]);
  const pages = PAGES.filter((entry) => entry.indexed);
  const lastmods = await Promise.all(pages.map((entry) => contentLastmod(context, entry.path)));
  const urls = [
    ...pages.map((entry, index) => ({
      loc: absoluteUrl(entry.path, context.siteUrl),
      lastmod: lastmods[index],
    })),
    ...posts.map((post) => ({ loc: absoluteUrl(blogPostPath(post.slug), context.siteUrl), lastmod: post.updatedAt })),
    ...jobs.map((job) => ({ loc: absoluteUrl(jobPath(job.slug), context.siteUrl), lastmod: job.updatedAt })),
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
