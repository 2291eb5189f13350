import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type UserConfig } from 'vite';
import { publicPages } from './vite-plugins/public-pages.ts';

/** What the public pages' own build (vite-plugins/public-pages.ts) shares with React Router's. */
const shared = {
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  define: {
    // Absolute origin for canonical URLs and sitemaps baked into prerendered pages.
    __SITE_URL__: JSON.stringify(
      (process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, ''),
    ),
  },
  build: {
    assetsInlineLimit: 2048,
    rolldownOptions: {
      // React Router's files start with "use client", a marker for React Server Components that this site does not
      // use; the bundler's notice that it drops the marker says nothing about our code.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && /[\\/]node_modules[\\/]/.test(log.id ?? '')) return;
        handler(level, log);
      },
      // Rolldown's notice that plugins took most of the build names React Router's own callbacks (its prerender
      // writes the public pages): nothing in this repository to act on, so install and build print no such notice.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            {
              // React, React DOM and React Router: one long-cached file, reported apart by bench:web. The public
              // pages' build (no React Router) names its React and React DOM the same.
              name: 'framework',
              test: /[\\/]node_modules[\\/](?:react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
              priority: 2,
            },
            {
              // The small modules every page's layout needs travel as one file instead of a dozen: each
              // request costs its own headers and round trip on a phone.
              name: 'site',
              priority: 1,
              test: /[\\/]app[\\/](?:content[\\/](?:pages|site|services)|lib[\\/](?:jsonld|seo|text|early-clicks|dialog-store|use-pathname-change|lead-source|api-error)|components[\\/]ui[\\/](?:toast|alert-dialog|icons|particles))\.tsx?$|[\\/]contract[\\/]src[\\/](?:messages|limits|consent|blog-options)\.ts$/,
            },
          ],
        },
      },
    },
  },
} satisfies UserConfig;

export default defineConfig({
  ...shared,
  plugins: [
    tailwindcss(),
    reactRouter(),
    publicPages({ pageList: new URL('./app/content/pages.ts', import.meta.url).pathname, shared }),
  ],
});
