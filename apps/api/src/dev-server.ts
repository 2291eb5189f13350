// `npm run dev`: the whole site in one process on PORT. tsx restarts it when API code changes;
// Vite (middleware mode) serves apps/web with hot reload and React Router's loaders get the real context.
import path from 'node:path';

process.env.WEB_DEV_ROOT ??= path.resolve('apps/web');
await import('./server.ts');
