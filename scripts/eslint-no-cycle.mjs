// `local/no-cycle`: no module may import itself round a circle of run-time imports (what import-x/no-cycle checked,
// decision 0038, round 40). import-x's rule parsed every imported module a second time with the TypeScript parser
// to follow its imports (27-30 % of ESLint's time). This one takes each file's imports from the file ESLint is
// linting (its own AST, import-x's resolver and settings) and keeps them for the rest of the run; a file's import is
// reported when the module it imports leads back to the file through the imports read so far. So a cycle is
// reported at the last of its files to be linted, naming every step; a run must lint all of the cycle's files in one
// process, as `npm run lint` (`eslint .`) does: not `--cache` (a file left unlinted is not read), not
// `--concurrency` (each thread reads its own share), not an editor's single file.
// Like import-x/no-cycle with `ignoreExternal`: `import type`, imports of types only and `export type … from` are
// skipped (erased at build), and so are packages outside the workspace; a dynamic `import()` counts, `require`
// does not.
import { isExternalModule, moduleVisitor, resolve } from 'eslint-plugin-import-x/utils';

/** Every linted file's run-time imports (absolute paths), kept for the run. */
const importsOf = new Map();

/** The shortest chain of run-time imports from `from` to `to` among the files read so far, or null. */
function chain(from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    for (const next of importsOf.get(queue[head]) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, queue[head]);
      if (next === to) {
        const steps = [];
        for (let at = to; at !== null; at = previous.get(at)) steps.unshift(at);
        return steps;
      }
      queue.push(next);
    }
  }
  return null;
}

/** `import type`, `import { type A }` with nothing else, `export type … from`: erased at build. */
const typesOnly = (importer) =>
  (importer.type === 'TSImportEqualsDeclaration' && importer.importKind === 'type') ||
  (importer.type === 'ImportDeclaration' &&
    (importer.importKind === 'type' ||
      (importer.specifiers.length > 0 && importer.specifiers.every((s) => s.importKind === 'type')))) ||
  ((importer.type === 'ExportNamedDeclaration' || importer.type === 'ExportAllDeclaration') &&
    (importer.exportKind === 'type' ||
      (importer.specifiers?.length > 0 && importer.specifiers.every((s) => s.exportKind === 'type'))));

const noCycle = {
  meta: {
    type: 'suggestion',
    docs: { description: 'An import may not lead back to the importing module through run-time imports.' },
    schema: [],
    messages: { cycle: 'Dependency cycle: {{route}}' },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    const own = [];
    const checks = [];
    const visitor = moduleVisitor((source, importer) => {
      if (typesOnly(importer)) return;
      const name = String(source.value);
      const path = resolve(name, context);
      if (!path || path === filename || isExternalModule(name, path, context)) return;
      own.push(path);
      checks.push({ path, importer });
    }, {});
    return {
      ...visitor,
      'Program:exit'() {
        importsOf.set(filename, [...new Set(own)]);
        const relative = (path) => path.replace(`${context.cwd}/`, '');
        for (const { path, importer } of checks) {
          const back = chain(path, filename);
          if (back) {
            context.report({
              node: importer,
              messageId: 'cycle',
              data: { route: [filename, ...back].map(relative).join(' -> ') },
            });
          }
        }
      },
    };
  },
};

export default { rules: { 'no-cycle': noCycle } };
