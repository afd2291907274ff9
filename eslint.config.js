// @ts-check
// The house rules (STYLE.md 14): `npm run lint` runs this over every workspace, the scripts and the tests.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'coverage/',
    'data/',
    '.bench/',
    '.e2e-data/',
    'test-results/',
    'playwright-report/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // Each file is type-checked with the tsconfig that owns it (the root one references them all).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // U+3000 (the ideographic space) is Japanese typography in texts, labels and comments ("日付　メニュー");
      // in code itself an irregular space is still an error.
      'no-irregular-whitespace': [
        'error',
        { skipStrings: true, skipTemplates: true, skipJSXText: true, skipComments: true },
      ],
      // A leading `_` marks a name kept on purpose (a destructured field left out of a copy, an unused
      // parameter a signature needs); everything else unused is reported.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Tests read JSON answers and stored JSON (typed `any` by `Response.json` and `JSON.parse`) to assert
    // their shape with `expect`: a wrong shape fails the assertion itself, which is what these rules guard
    // against in shipped code. Casting every body instead would only restate each assertion.
    files: [
      '**/*.test.{ts,tsx}',
      '**/*-test-{support,helpers}.{ts,tsx}',
      '**/test-{support,setup}.ts',
      'api/src/test/**',
      'web/src/test-utils/**',
      'web/e2e/**',
      'tests/**',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // Migrations are frozen and typed `Kysely<any>` (Kysely's documented form, STYLE.md 8): they must not
    // import the app's current schema types, which later migrations change.
    files: ['api/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Plain JavaScript (the node scripts and config files) is in no tsconfig: lint it without types.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    // A .cjs file is CommonJS by its name (tool configs, a --require preload): require() is how it imports.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['web/src/sw.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['api/**/*.ts', 'sync-protocol/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'web/e2e/**/*.ts', '*.ts'],
    languageOptions: { globals: globals.node },
  },
]);
