import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { ADMIN_PAGES, ADMIN_SECTIONS } from './content/admin.ts';
import { ADMIN_PATH, PAGES, ROW_PAGES } from './content/pages.ts';

export default [
  ...PAGES.map((entry) =>
    entry.path === '/' ? index(entry.file, { id: entry.id }) : route(entry.path, entry.file, { id: entry.id }),
  ),
  route('/blog/preview/:token', 'routes/blog-preview.tsx'),
  ...ROW_PAGES.map((entry) => route(entry.path, entry.file, { id: entry.id })),
  layout('routes/admin-guard.tsx', [
    route(ADMIN_PATH, 'routes/admin-layout.tsx', [
      ...ADMIN_SECTIONS.map((section) =>
        section.path === ADMIN_PATH
          ? index(section.file, { id: `admin-${section.id}` })
          : route(section.path, section.file, { id: `admin-${section.id}` }),
      ),
      ...ADMIN_PAGES.map((page) => route(page.path, page.file, { id: page.id })),
    ]),
  ]),
  route('/sitemap.xml', 'routes/sitemap.ts'),
  route('/robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig;
