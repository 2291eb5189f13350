// Bundles the server into dist/server.js and `npm run backup`/`restore` into dist/backup-cli.js: our workspace
// packages are bundled, npm packages stay external. `node build.mjs --cli` builds the CLI only (backup-cli.mjs
// does when its bundle is absent or older than a source). The CLI's bundle is written whole under a temporary
// name and renamed, so a process starting it never reads half a file, with the list of its sources beside it.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const options = {
  absWorkingDir: here,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@agency/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
};

/** The CLI's sources (paths from apps/api), for backup-cli.mjs to tell a stale bundle. */
const CLI_INPUTS = 'dist/backup-cli.inputs.json';

if (!process.argv.includes('--cli')) {
  await build({ ...options, entryPoints: ['src/server.ts'], outfile: 'dist/server.js' });
}

const cli = await build({
  ...options,
  entryPoints: ['src/backup-cli.ts'],
  outfile: 'dist/backup-cli.js',
  write: false,
  metafile: true,
});
const inputs = Object.keys(cli.metafile.inputs);
const outputs = [
  ...cli.outputFiles.map((file) => ({ file: file.path, contents: file.contents })),
  { file: path.join(here, CLI_INPUTS), contents: JSON.stringify(inputs) },
];
mkdirSync(path.join(here, 'dist'), { recursive: true });
for (const { file, contents } of outputs) {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, file);
}
