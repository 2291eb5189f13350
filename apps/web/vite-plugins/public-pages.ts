// Builds the public pages' browser script apart from React Router's (docs/decisions/0014-public-pages-without-the-router.md,
// 0024-public-pages-as-islands.md). After React Router's client build, a second build bundles one entry for every
// public page — app/public-runtime/runtime.ts: the enhancements, and the islands' code and React DOM as chunks it
// fetches when an island hydrates — without React Router, into the same build/client/assets. The route
// components are not in it: the pages are the server's HTML. The server build then imports
// `virtual:public-pages`: for each route id, its component (the module as written, not as React Router wraps
// it), which the server renders, and the entry's file and imports. `npm run dev` serves the same pages the same
// way, the entry (app/public-runtime/start.ts) as a source module Vite transforms on request, so what a developer
// sees is what a visitor gets; a change to a module only the server renders reloads the page.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Plugin, type UserConfig, build, runnerImport } from 'vite';
import type { PageScript } from '../app/public-runtime/page-data.tsx';

/** React, React DOM and the scheduler (named as React Router's build names its `framework` file, for bench:web). */
const FRAMEWORK = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;

type Routes = readonly { id: string; file: string }[];

interface Options {
  /** The page list (app/content/pages.ts), whose PUBLIC_RUNTIME_ROUTES are the routes to build. */
  pageList: string;
  /** What the entries' build shares with the site's: aliases, constants, chunk groups, inlining. */
  shared: Pick<UserConfig, 'resolve' | 'define'> & { build: NonNullable<UserConfig['build']> };
}

const VIRTUAL = 'virtual:public-pages';
/** The entry, relative to the app directory. */
const ENTRY_FILE = 'public-runtime/start.ts';
/** Named `page-…` as the pages' entries were: tests hold back the script that hydrates a page by that name. */
const ENTRY_NAME = 'page-islands';
/** The route module as written: React Router transforms only the plain file name. */
const AS_WRITTEN = '?as-written';

/** What the client build hands to the server build (React Router resolves the config once for each). */
interface Built {
  routes: Routes;
  scripts: Record<string, PageScript>;
}

export function publicPages({ pageList, shared }: Options): Plugin {
  let appDirectory = '';
  let outDir = '';
  let handOver = '';
  let serving = false;

  /** The routes the public runtime runs (the page list imports the contract's sources: Vite's runner loads it). */
  async function publicRoutes(): Promise<Routes> {
    const { module } = await runnerImport<{ PUBLIC_RUNTIME_ROUTES: Routes }>(pageList, { configFile: false });
    return module.PUBLIC_RUNTIME_ROUTES;
  }

  /** The server's table (see the top): each route's component as written, and the page's script. */
  function pagesModule({ routes, scripts }: Built): string {
    const files = [...new Set(routes.map((route) => route.file))];
    const imports = files.map(
      (file, index) => `import page${index} from ${JSON.stringify(path.join(appDirectory, file) + AS_WRITTEN)};`,
    );
    const table = routes.map((route) => {
      const script = scripts[route.file];
      if (!script) throw new Error(`No public page script was built for ${route.file}`);
      return `${JSON.stringify(route.id)}: { Page: page${files.indexOf(route.file)}, ...${JSON.stringify(script)} }`;
    });
    return `${imports.join('\n')}\nexport default {\n${table.join(',\n')}\n};`;
  }

  async function buildEntries(): Promise<Built> {
    const routes = await publicRoutes();
    const files = [...new Set(routes.map((route) => route.file))];
    const output = await build({
      configFile: false,
      root: path.dirname(appDirectory),
      logLevel: 'warn',
      resolve: shared.resolve,
      define: shared.define,
      build: {
        ...shared.build,
        outDir,
        emptyOutDir: false,
        copyPublicDir: false,
        rolldownOptions: {
          ...shared.build.rolldownOptions,
          input: { [ENTRY_NAME]: path.join(appDirectory, ENTRY_FILE) },
          preserveEntrySignatures: false,
          output: {
            ...shared.build.rolldownOptions?.output,
            // React and React DOM in one file, fetched only with the first island (runtime.ts); the rest is
            // split by what imports it, so the entry, which imports no React, loads no React.
            codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK, priority: 1 }] },
            entryFileNames: 'assets/[name]-[hash].js',
            chunkFileNames: 'assets/[name]-[hash].js',
            assetFileNames: 'assets/[name]-[hash][extname]',
          },
        },
      },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
      'output' in result ? result.output : [],
    );
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    /** Every module an entry imports, directly or not: fetched together with it. */
    const importsOf = (fileName: string, seen = new Set<string>()): Set<string> => {
      const chunk = byFile.get(fileName);
      for (const imported of chunk?.type === 'chunk' ? chunk.imports : []) {
        if (seen.has(imported)) continue;
        seen.add(imported);
        importsOf(imported, seen);
      }
      return seen;
    };
    const entry = chunks.find((chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.name === ENTRY_NAME);
    if (!entry) throw new Error('The public pages’ entry was not built');
    const script: PageScript = {
      entry: `/${entry.fileName}`,
      preload: [...importsOf(entry.fileName)].map((f) => `/${f}`),
    };
    return { routes, scripts: Object.fromEntries(files.map((file) => [file, script])) };
  }

  return {
    name: 'public-pages',
    configResolved(config) {
      appDirectory = path.resolve(config.root, 'app');
      serving = config.command === 'serve';
      outDir = path.resolve(config.root, 'build/client');
      // Inside build/, which React Router empties before its client build.
      handOver = path.resolve(config.root, 'build/public-pages.json');
    },
    async writeBundle() {
      if (this.environment.name !== 'client' || this.environment.config.command !== 'build') return;
      writeFileSync(handOver, JSON.stringify(await buildEntries()));
    },
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : null),
    async load(id) {
      if (id !== `\0${VIRTUAL}`) return null;
      if (serving) {
        // Development: the entry as a source module (its imports are fetched as the browser asks for them).
        const routes = await publicRoutes();
        const script: PageScript = {
          entry: `/${path.relative(path.dirname(appDirectory), path.join(appDirectory, ENTRY_FILE))}`,
          preload: [],
        };
        return pagesModule({ routes, scripts: Object.fromEntries(routes.map((route) => [route.file, script])) });
      }
      // The server build: the entries the client build made (writeBundle, above).
      if (!existsSync(handOver)) return 'export default null;';
      return pagesModule(JSON.parse(readFileSync(handOver, 'utf8')) as Built);
    },
    // Development: a public page's markup is rendered only on the server, so no module the browser runs hears of a
    // change to it; the page is reloaded instead.
    hotUpdate({ file, server }) {
      if (this.environment.name !== 'ssr' || !file.startsWith(appDirectory)) return;
      if (server.environments.client.moduleGraph.getModulesByFile(file)?.size) return;
      server.environments.client.hot.send({ type: 'full-reload' });
    },
  };
}
