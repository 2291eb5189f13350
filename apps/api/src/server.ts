// Starts the one process: migrates the database, serves /api and the web build on PORT.
import './lib/wasm-baseline.ts';
import path from 'node:path';
import { createDb } from '@agency/db';
import { buildApp } from './app.ts';
import { assertDataDirWritable, ConfigError, loadConfig } from './config.ts';
import { countUnhandledRejection } from './plugins/metrics.ts';
import webPlugin, { checkBuiltOrigin } from './plugins/web.ts';
import { listenForBackupRequests } from './services/backup-control.ts';
import { createWebLoadContext } from './services/web-context.ts';

let config;
let originWarning: string | null = null;
try {
  config = loadConfig();
  // The embedded database and the local file store live there; a bucket and PostgreSQL need neither.
  if (!config.databaseUrl || !config.s3) assertDataDirWritable(config.dataDir);
  // Production refuses pages prerendered for another SITE_URL; elsewhere the mismatch is logged below.
  if (!process.env.WEB_DEV_ROOT) {
    originWarning = checkBuiltOrigin(config.webBuildDir, config.siteUrl, config.env === 'production');
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = createDb({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'db'),
  poolSize: config.databasePoolSize,
});
await database.migrate();

// The built site always runs React and React Router in their production builds; NODE_ENV itself only
// decides how strict our configuration is (JWT_SECRET), so `npm start` works without any setup.
if (!process.env.WEB_DEV_ROOT) process.env.NODE_ENV = 'production';

const app = await buildApp({ config, database });
if (originWarning) app.log.warn(originWarning);
await app.register(webPlugin, {
  buildDir: config.webBuildDir,
  loadContext: createWebLoadContext(app, config),
  // `npm run dev` sets WEB_DEV_ROOT: the web is served by Vite with hot reload instead of the build.
  viteRoot: process.env.WEB_DEV_ROOT,
});

let closing = false;
let closeControl: (() => Promise<void>) | null = null;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const force = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 15_000);
  force.unref();
  try {
    await closeControl?.();
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
// A rejection nothing awaited is a bug to fix, not a reason to take the site down: logged, counted
// (agency_unhandled_rejections_total), and the process keeps serving.
process.on('unhandledRejection', (reason) => {
  countUnhandledRejection();
  app.log.error({ err: reason }, 'unhandled rejection');
});
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
// The embedded database opens in one process: `npm run backup` asks this one through a socket in DATA_DIR.
if (database.kind === 'pglite') {
  closeControl = await listenForBackupRequests(config.dataDir, async (outDir, final) => {
    // `npm run backup -- --final`: the site's writes off first, then the move's last backup.
    if (final) return (await app.writes.final('cli', { outDir })).done;
    const { started, done } = app.backups.start('cli', { outDir });
    await started;
    return done;
  });
}
app.log.info(
  `Serving ${config.siteUrl} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
);
