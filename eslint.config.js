// One lint config for the workspace. The import rules keep dependencies one way:
// contract <- db <- api, and contract <- web; inside apps/web, floors run routes -> components -> lib, state
// and content, never back up; and no module imports itself round a circle (local/no-cycle: import-x/no-cycle's
// check on import-x's module graph, its components worked out once per run; scripts/eslint-no-cycle.mjs).
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './scripts/eslint-no-cycle.mjs';

const forbid = (names, extra = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...names.map((name) => ({
          group: [name, `${name}/*`, `**/${name.replace('@agency/', '')}/src/*`],
          message: `Dependencies flow contract <- db <- api and contract <- web; this package may not import ${name}.`,
        })),
        ...extra,
      ],
    },
  ],
});

// The API's test helpers (apps/api/test) are for its tests only: the server never imports them.
const testHelpers = { group: ['**/test/*'], message: 'Test helpers are for *.test.ts files only.' };
// Services know no HTTP (decision 0037): they take plain values and throw the domain errors of
// apps/api/src/lib/domain-errors.ts, which the one error handler (plugins/errors.ts) turns into statuses.
const httpFree = {
  group: ['fastify', 'fastify-plugin', '@fastify/*', '**/lib/http-error*', '**/plugins/*', '**/routes/*'],
  message:
    'A service takes plain values and throws a domain error (lib/domain-errors.ts); Fastify, HTTP errors, plugins and routes stay above services/.',
};

// Zones of apps/web/app: lib/, state/ and content/ are the ground floor (no components, no routes);
// components/ do not import routes. The public pages' runtime (app/public-runtime, formerly app/lite) is a
// floor above lib and state as well.
const upstairs = (names) => ({
  group: names.flatMap((name) => [`~/${name}/*`, `**/${name}/*`]),
  message: `apps/web zones: this folder is below ${names.join(', ')} and may not import them (move the shared code down into lib/ or state/).`,
});
const webGround = upstairs(['components', 'routes', 'lite', 'public-runtime']);
const webComponents = upstairs(['routes']);
// The public pages run without React Router in the browser (apps/web/app/public-runtime, decision 0014): a
// public page's component that imported React Router's browser-side exports (Link, useNavigate, the hooks…)
// would not work there and would bring the router back into every public page's scripts. What such files may
// take from it: the loaders' helpers (`data`, `redirect`, `isRouteErrorResponse`) and types. Links and the
// address come from apps/web/app/lib/navigation.tsx.
const publicPageFence = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: 'react-router',
          allowImportNames: ['data', 'redirect', 'isRouteErrorResponse'],
          allowTypeImports: true,
          message:
            "A public page runs without React Router in the browser: take Link, NavLink, useLocation, useNavigate from '~/lib/navigation' (decision 0014).",
        },
        {
          name: 'react-router/dom',
          message: 'React Router in the browser is for the admin area and sign-in pages only.',
        },
      ],
    },
  ],
};
/** What the public pages' scripts are built from; the admin area, the account and the sign-in routes use the router. */
const publicPageFiles = {
  files: [
    'apps/web/app/components/**/*.{ts,tsx}',
    'apps/web/app/routes/*.{ts,tsx}',
    'apps/web/app/lib/**/*.{ts,tsx}',
    'apps/web/app/state/**/*.{ts,tsx}',
    'apps/web/app/public-runtime/**/*.{ts,tsx}',
  ],
  ignores: [
    'apps/web/app/components/admin*/**',
    'apps/web/app/components/account/**',
    'apps/web/app/routes/admin*',
    'apps/web/app/routes/admin/**',
    // The pages with `routerInBrowser` in apps/web/app/content/pages.ts, and the blog preview (pages.test.ts checks).
    'apps/web/app/routes/{login,register,forgot-password,reset-password,accept-invite,blog-preview}.tsx',
    'apps/web/app/**/*.server.{ts,tsx}',
    'apps/web/app/**/*.test.{ts,tsx}',
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, __SITE_URL__: 'readonly' } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  { files: ['packages/contract/**'], rules: forbid(['@agency/db', '@agency/api', '@agency/web']) },
  { files: ['packages/db/**'], rules: forbid(['@agency/api', '@agency/web']) },
  { files: ['apps/api/**'], rules: forbid(['@agency/web']) },
  { files: ['apps/api/src/**'], ignores: ['**/*.test.ts'], rules: forbid(['@agency/web'], [testHelpers]) },
  {
    files: ['apps/api/src/services/**'],
    ignores: ['**/*.test.ts'],
    rules: forbid(['@agency/web'], [testHelpers, httpFree]),
  },
  { files: ['apps/web/**'], rules: forbid(['@agency/db', '@agency/api']) },
  {
    files: ['apps/web/app/{lib,state,content}/**'],
    rules: forbid(['@agency/db', '@agency/api'], [webGround]),
  },
  { files: ['apps/web/app/components/**'], rules: forbid(['@agency/db', '@agency/api'], [webComponents]) },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, local },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/web/tsconfig.json',
            'apps/api/tsconfig.json',
            'packages/*/tsconfig.json',
            'tests/e2e/tsconfig.json',
          ],
        }),
      ],
    },
    // The rule follows run-time imports; it skips `import type` (erased at build), so keep those one way by hand.
    rules: { 'local/no-cycle': 'error' },
  },
  { ...publicPageFiles, rules: publicPageFence },
);
