import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  define: {
    // Absolute origin for canonical URLs and sitemaps baked into prerendered pages.
    __SITE_URL__: JSON.stringify(
      (process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, ''),
    ),
  },
  build: { assetsInlineLimit: 2048 },
});
