import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ENV } from './run-env.js';
import { MAIL_DIR_ENV, startMailPeer } from './mail-peer.js';
import { startOidcPeer } from './oidc-peer.js';
import { startBuiltServer } from './server-process.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * Start the built server on a fresh embedded PostgreSQL under `.test-data/e2e-*` and publish it to
 * the workers; the returned function (Playwright's teardown) stops it and removes the folder.
 * When OPS_E2E_BASE_URL is already set, the specs run against that server instead.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env[ENV.baseUrl]) {
    const runDir = path.join(ROOT, '.test-data', `e2e-external-${process.pid}`);
    mkdirSync(runDir, { recursive: true });
    process.env[ENV.runDir] ??= runDir;
    return async () => rmSync(runDir, { recursive: true, force: true });
  }
  const runDir = path.join(ROOT, '.test-data', `e2e-${Date.now().toString(36)}-${process.pid}`);
  const adminEmail = 'admin@ops.local';
  const adminPassword = `e2e-${randomBytes(9).toString('base64url')}`;
  // Identity specs read mail (recovery codes) and sign in through OIDC: loopback peers the server talks to.
  const mailDir = path.join(runDir, 'mail');
  const [mail, oidc] = await Promise.all([startMailPeer(mailDir), startOidcPeer()]);
  const server = await startBuiltServer({ dataDir: runDir, adminEmail, adminPassword, env: { ...mail.env, ...oidc.env } });
  await oidc.start(`${server.url}/api/auth/self-service/methods/oidc/callback/oidc`);
  Object.assign(process.env, {
    [ENV.baseUrl]: server.url,
    [ENV.pgUrl]: server.pgUrl,
    [ENV.adminEmail]: adminEmail,
    [ENV.adminPassword]: adminPassword,
    [ENV.runDir]: runDir,
    [MAIL_DIR_ENV]: mailDir,
  });
  return async () => {
    await server.stop();
    await Promise.all([mail.close(), oidc.close()]);
    // Keep the folder (server log, database) for a look when asked to.
    if (!process.env.OPS_E2E_KEEP) rmSync(runDir, { recursive: true, force: true });
  };
}
