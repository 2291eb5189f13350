// Builds the public pages' browser script apart from React Router's (docs/decisions/0014-public-pages-without-the-router.md,
// 0024-public-pages-as-islands.md). After React Router's client build, a second build bundles one entry for every
// public page — app/public-runtime/runtime.ts: the enhancements, and the islands' code and React DOM as chunks it
// fetches when an island hydrates — without React Router, into the same build/client/assets. The route
// components are not in it: the pages are the server's HTML. The server build then imports
// `virtual:public-pages`: for each route id, its component (the module as written, not as React Router wraps
// it), which the server renders, and the entry's file and imports. In `npm run dev` the module is null and
// every page runs with React Router.
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
const ENTRY = '\0public-pages-entry';
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

  async function buildEntries(): Promise<Built> {
    // The page list imports the contract's TypeScript sources, which only Vite's module runner can load.
    const { module } = await runnerImport<{ PUBLIC_RUNTIME_ROUTES: Routes }>(pageList, { configFile: false });
    const routes = module.PUBLIC_RUNTIME_ROUTES;
    const files = [...new Set(routes.map((route) => route.file))];
    const output = await build({
      configFile: false,
      root: path.dirname(appDirectory),
      logLevel: 'warn',
      resolve: shared.resolve,
      define: shared.define,
      plugins: [
        {
          name: 'public-page-entries',
          resolveId: (id) => (id === ENTRY ? ENTRY : null),
          load(id) {
            if (id !== ENTRY) return null;
            return [
              `import { startIslands } from ${JSON.stringify(path.join(appDirectory, 'public-runtime/runtime.ts'))};`,
              'startIslands();',
            ].join('\n');
          },
        },
      ],
      build: {
        ...shared.build,
        outDir,
        emptyOutDir: false,
        copyPublicDir: false,
        rolldownOptions: {
          ...shared.build.rolldownOptions,
          input: { [ENTRY_NAME]: ENTRY },
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
      outDir = path.resolve(config.root, 'build/client');
      // Inside build/, which React Router empties before its client build.
      handOver = path.resolve(config.root, 'build/public-pages.json');
    },
    async writeBundle() {
      if (this.environment.name !== 'client' || this.environment.config.command !== 'build') return;
      writeFileSync(handOver, JSON.stringify(await buildEntries()));
    },
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : null),
    load(id) {
      if (id !== `\0${VIRTUAL}`) return null;
      if (this.environment.config.command !== 'build' || !existsSync(handOver)) return 'export default null;';
      const { routes, scripts } = JSON.parse(readFileSync(handOver, 'utf8')) as Built;
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
    },
  };
}
