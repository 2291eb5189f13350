import type { Config } from '@react-router/dev/config';
import { PRERENDERED_PATHS } from './app/content/pages.ts';

export default {
  appDirectory: 'app',
  // Server rendering stays on for the pages that read the database (blog posts).
  ssr: true,
  // Every public page that does not read the database becomes static HTML at build time.
  prerender: () => [...PRERENDERED_PATHS],
} satisfies Config;
