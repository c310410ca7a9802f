import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Role } from '@ops/shared';
import { openE2eDb, type Db } from './e2e-db.js';
import { signInThroughPage } from './login-page.js';
import { runEnv, type RunEnv } from './run-env.js';
import { createUser, type E2eUser } from './users.js';

interface WorkerFixtures {
  run: RunEnv;
  /** Pool on the database of the server under test, for seeding rows. */
  db: Db;
  /** storageState file of the admin, signed in once through /login and reused by every test. */
  adminState: string;
}

interface TestFixtures {
  /** A page in a fresh context that is already signed in as the admin. */
  signedInPage: Page;
  /** HTTP client for the API with the admin's Basic credentials. */
  api: APIRequestContext;
  /** Create a user with roles (signs in with user.email / user.password). */
  createUser: (roles: Role[], firstName?: string) => Promise<E2eUser>;
}

/** Playwright's `test` with the Ops Console fixtures; import `test` and `expect` from here in specs. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads dependencies from the pattern; this one has none.
  run: [async ({}, use) => use(runEnv()), { scope: 'worker' }],
  db: [
    async ({ run }, use) => {
      const db = openE2eDb(run.pgUrl);
      await use(db);
      await db.close();
    },
    { scope: 'worker' },
  ],
  adminState: [async ({ browser, run }, use) => use(await adminStorageState(browser, run)), { scope: 'worker' }],
  baseURL: async ({ run }, use) => use(run.baseUrl),
  signedInPage: async ({ browser, adminState, run }, use) => {
    const context = await browser.newContext({ storageState: adminState, baseURL: run.baseUrl });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
  api: async ({ playwright, run }, use) => {
    const auth = Buffer.from(`${run.adminEmail}:${run.adminPassword}`).toString('base64');
    const api = await playwright.request.newContext({ baseURL: run.baseUrl, extraHTTPHeaders: { authorization: `Basic ${auth}` } });
    await use(api);
    await api.dispose();
  },
  createUser: async ({ db }, use) => use((roles, firstName) => createUser(db, roles, firstName)),
});

export { expect };

// The first worker to get here signs in and writes the state; others wait for the file. Sign-in is
// rate-limited (10 a minute), so every spec shares this one session instead of signing in again.
async function adminStorageState(browser: Browser, run: RunEnv): Promise<string> {
  const file = path.join(run.runDir, 'admin-state.json');
  const lock = `${file}.lock`;
  const failed = `${file}.error`;
  mkdirSync(run.runDir, { recursive: true });
  if (existsSync(file)) return file;
  try {
    closeSync(openSync(lock, 'wx'));
  } catch {
    return waitForState(file, failed);
  }
  rmSync(failed, { force: true });
  const context = await browser.newContext({ baseURL: run.baseUrl });
  try {
    const page = await context.newPage();
    await signInThroughPage(page, run.adminEmail, run.adminPassword);
    await context.storageState({ path: `${file}.tmp` });
    renameSync(`${file}.tmp`, file);
    return file;
  } catch (err) {
    // Tell the waiting workers, and let a retry take the lock again.
    writeFileSync(failed, String((err as Error).message));
    rmSync(lock, { force: true });
    throw err;
  } finally {
    await context.close();
  }
}

async function waitForState(file: string, failed: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (!existsSync(file)) {
    if (existsSync(failed)) throw new Error(`the admin could not sign in through /login: ${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${file} from another worker`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return file;
}
