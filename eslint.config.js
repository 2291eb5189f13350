// One lint config for the workspace. The import rules keep dependencies one way:
// contract <- db <- api, and contract <- web.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  { files: ['apps/web/**'], rules: forbid(['@agency/db', '@agency/api']) },
);
