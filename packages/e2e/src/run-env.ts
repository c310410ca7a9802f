// Global setup hands the running server to the workers through these environment variables
// (Playwright starts workers after global setup, with its process.env). Setting
// OPS_E2E_BASE_URL and OPS_E2E_PG_URL yourself runs the specs against a server you started.
export const ENV = {
  baseUrl: 'OPS_E2E_BASE_URL',
  pgUrl: 'OPS_E2E_PG_URL',
  adminEmail: 'OPS_E2E_ADMIN_EMAIL',
  adminPassword: 'OPS_E2E_ADMIN_PASSWORD',
  runDir: 'OPS_E2E_RUN_DIR',
} as const;

export interface RunEnv {
  baseUrl: string;
  pgUrl: string;
  adminEmail: string;
  adminPassword: string;
  /** Folder for this run's files (server log, saved sign-in state). */
  runDir: string;
}

/** The server under test, as global setup described it; throws naming the missing variable. */
export function runEnv(): RunEnv {
  const get = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: run the specs with playwright test -c packages/e2e/playwright.config.ts`);
    return value;
  };
  return {
    baseUrl: get(ENV.baseUrl),
    pgUrl: get(ENV.pgUrl),
    adminEmail: process.env[ENV.adminEmail] ?? 'admin@ops.local',
    adminPassword: get(ENV.adminPassword),
    runDir: get(ENV.runDir),
  };
}
