import type { Config } from '@react-router/dev/config';
import { PRERENDERED_PATHS } from './app/content/pages.ts';

export default {
  appDirectory: 'app',
  // Server rendering stays on for the pages that read the database (blog posts).
  ssr: true,
  // Every public page that does not read the database becomes static HTML at build time.
  prerender: () => [...PRERENDERED_PATHS],
  // React Router 8's behaviours, each kept off until the move to v8 (which needs Node 22): set, so the build does
  // not ask about them on every run.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
