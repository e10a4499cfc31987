// `npm run lint`: typed TypeScript rules, React hooks, Astro, and the import boundaries of
// docs/ARCHITECTURE.md. tests/unit/lint-rules.test.ts shows each boundary rule firing on a bad example.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries } from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'reports/**', 'node_modules/**', '.astro/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'off',
    },
  },
  {
    rules: {
      // async functions stand where the interface wants a promise (Fastify hooks, repositories)
      '@typescript-eslint/require-await': 'off',
      // event handlers and signal listeners may be async; their promise is handled inside
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // text cleaners strip control characters on purpose
      'no-control-regex': 'off',
      // values of loosely typed rows and form data are stringified on purpose
      '@typescript-eslint/no-base-to-string': 'off',
      // a style matter, left to the author (tsc already checks what an assertion claims)
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    // migrations and schema tools work on any schema state: Kysely<any> is Kysely's documented type there
    files: [
      'src/server/db/**/*.ts',
      // a site copy reads and writes whatever tables the schema has
      'src/server/backup/tables.ts',
      'src/server/backup/copy.ts',
      'src/server/import/moredoc/write.ts',
      'src/server/modules/user/username-keys.ts',
      'src/server/search/backends.ts',
    ],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // a Kysely<any> handed to a typed repository (username-keys.ts)
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // tests and scripts read JSON answers (`any`) field by field
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // a failing wait rethrows with the worker's output; the first error is the one reported
      'preserve-caught-error': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      'no-useless-assignment': 'off',
    },
  },
  ...astro.configs['flat/recommended'],
  { files: ['**/*.astro', '**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  ...boundaries,
);
