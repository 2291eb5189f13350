/** Absolute site origin, fixed at build time (SITE_URL). */
declare const __SITE_URL__: string;

/** The public pages' components and built scripts by route id, on the server (vite-plugins/public-pages.ts). */
declare module 'virtual:public-pages' {
  import type { PageScript } from '~/public-runtime/page-data';
  import type { PageComponent } from '~/public-runtime/public-tree';

  const publicPages: Record<string, PageScript & { Page: PageComponent }> | null;
  export default publicPages;
}
