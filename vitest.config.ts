import os from 'node:os';
import { defineConfig } from 'vitest/config';

const shared = (file: string) => new URL(`./packages/shared/src/${file}`, import.meta.url).pathname;
const alias = [
  { find: /^@ops\/shared$/, replacement: shared('index.ts') },
  { find: /^@ops\/shared\/expr$/, replacement: shared('expr/index.ts') },
];

// File scrapers and local-path checks read only under OPS_FILE_ROOTS: tests read this repository, the
// conformance YAML users bring (../shared beside it) and files they write to the temp folder.
const root = new URL('.', import.meta.url).pathname;
const env = { OPS_FILE_ROOTS: [root, new URL('../shared', import.meta.url).pathname, os.tmpdir()].join(',') };

// Two projects: fast unit tests (shared, web, cli, pure server code) and integration tests that
// talk HTTP to a server on a real PostgreSQL (files named *.int.test.ts).
export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.test-data/vitest-results.json' },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['packages/{shared,server,cli}/src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          env,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          sequence: { groupOrder: 1 },
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/web/src/test/jsdom-shims.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          sequence: { groupOrder: 2 },
          include: ['packages/**/src/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          env,
          globalSetup: ['packages/server/src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
