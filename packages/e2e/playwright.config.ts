import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './src/chromium.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
// scripts/test.mjs names the JSON report with PLAYWRIGHT_JSON_OUTPUT_NAME (relative to its working directory).
const JSON_REPORT = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
  ? path.resolve(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME)
  : path.join(ROOT, '.test-data/playwright-results.json');

// End-to-end specs in Chromium against the built server (started by global setup on a fresh
// embedded PostgreSQL). Run: npm run test:e2e, or npx playwright test -c packages/e2e/playwright.config.ts.
export default defineConfig({
  testDir: './specs',
  outputDir: path.join(ROOT, '.test-data/playwright-output'),
  globalSetup: './src/global-setup.ts',
  workers: 2,
  fullyParallel: true,
  // One retry: on 2 busy cores a first load can outlast a timeout; a retried pass is reported as flaky.
  retries: 1,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: JSON_REPORT }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
  },
  projects: [{ name: 'chromium' }],
});
