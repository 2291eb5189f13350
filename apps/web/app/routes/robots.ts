// /robots.txt: everything public is crawlable; the admin and account pages are not.
import { ADMIN_PATH, PAGES } from '~/content/pages';
import { absoluteUrl } from '~/lib/seo';
import type { Route } from './+types/robots';

export function loader({ context }: Route.LoaderArgs) {
  const hidden = [ADMIN_PATH, ...PAGES.filter((entry) => !entry.indexed).map((entry) => entry.path), '/api/'];
  const body = [
    'User-agent: *',
    'Allow: /',
    ...hidden.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml', context.siteUrl)}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
