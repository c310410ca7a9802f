import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import ops from './tools/eslint-plugin-ops.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '.test-data/**',
      'bench/.work/**',
      '**/*.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        project: [
          './packages/shared/tsconfig.check.json',
          './packages/server/tsconfig.check.json',
          './packages/cli/tsconfig.check.json',
          './packages/web/tsconfig.json',
          './packages/e2e/tsconfig.json',
          './bench/tsconfig.json',
          './tsconfig.tools.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Type-aware rules that catch real bugs: unawaited promises and promises where callbacks are expected.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['packages/**/*.{ts,tsx}', 'bench/**/*.ts'],
    plugins: { ops },
    rules: {
      'ops/kebab-case-files': 'error',
      'ops/feature-isolation': 'error',
      'ops/server-module-boundaries': 'error',
      'ops/server-http-layer': 'error',
      'ops/web-layers': 'error',
      'ops/no-import-cycles': 'error',
      // Raw pg only in ADR 0012's places.
      'ops/server-query-style': 'error',
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-dom', '@ops/server', '@ops/web'],
              message: '@ops/shared runs on both sides: no node:*, DOM or app imports.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer'],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // TanStack Table/Virtual return non-memoisable functions by design; the compiler only notes it skips them.
      'react-hooks/incompatible-library': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@ops/server', '**/server/src/**', 'node:*'], message: 'web never imports the server or node built-ins.' }],
        },
      ],
    },
  },
  {
    // Web tests run in Node and may start loopback servers with node:http.
    files: ['packages/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@ops/server', '**/server/src/**'], message: 'web never imports the server.' }] },
      ],
    },
  },
  {
    files: ['packages/server/src/**/*.ts', 'packages/cli/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@ops/web', '**/web/src/**', 'react'], message: 'server and cli never import the web app.' }] },
      ],
    },
  },
);
