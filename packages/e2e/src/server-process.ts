import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePorts } from './free-port.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const SERVER_MAIN = path.join(ROOT, 'packages/server/dist/main.js');
export const WEB_DIST = path.join(ROOT, 'packages/web/dist');

export interface ServerProcess {
  url: string;
  pid: number;
  /** Superuser URL of the embedded PostgreSQL the server started (database `ops`). */
  pgUrl: string;
  logFile: string;
  /** SIGTERM, wait for a clean exit (the server stops its PostgreSQL), SIGKILL after 30 s. */
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  env?: Record<string, string>;
}

/**
 * Start the BUILT server (`node packages/server/dist/main.js`, web from packages/web/dist) on free
 * ports with its own embedded PostgreSQL in `dataDir`, and wait until `/api/about` answers.
 */
export async function startBuiltServer(opts: StartOptions): Promise<ServerProcess> {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST}/index.html is missing: run npm run build first`);
  mkdirSync(opts.dataDir, { recursive: true });
  const [port, pgPort] = (await freePorts(2)) as [number, number];
  const logFile = path.join(opts.dataDir, 'server.log');
  const log = openSync(logFile, 'w');
  const env: NodeJS.ProcessEnv = { ...process.env };
  // An inherited DATABASE_URL (CI runs integration tests against Debian's PostgreSQL) must not leak in.
  delete env.DATABASE_URL;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    OPS_DATA_DIR: opts.dataDir,
    OPS_EMBEDDED_PG_PORT: String(pgPort),
    OPS_ADMIN_EMAIL: opts.adminEmail,
    OPS_ADMIN_PASSWORD: opts.adminPassword,
    OPS_WEB_DIST: WEB_DIST,
    OPS_LOG_LEVEL: 'warn',
    // File scrapers read only under OPS_FILE_ROOTS: the repository, the conformance YAML beside it, and
    // sources the specs write to the temp folder.
    OPS_FILE_ROOTS: [ROOT, path.resolve(ROOT, '../shared'), tmpdir()].join(','),
    ...opts.env,
  });
  const child = spawn(process.execPath, [SERVER_MAIN], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child, opts.dataDir);
  try {
    await waitUntilReady(url, child, logFile);
  } catch (err) {
    await stop();
    throw err;
  }
  const password = readFileSync(path.join(opts.dataDir, 'pg-password'), 'utf8').trim();
  const pgUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/ops`;
  return { url, pid: child.pid ?? 0, pgUrl, logFile, stop };
}

// Poll /api/about; give up early with the log tail when the process dies (bad config, port clash).
async function waitUntilReady(url: string, child: ChildProcess, logFile: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${url}/api/about`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}/api/about within ${timeoutMs / 1000} s:\n${tail(logFile)}`);
}

async function stopChild(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
  stopOrphanPostgres(dataDir);
}

// If the server died without stopping its PostgreSQL, stop that postmaster by the pid it recorded.
function stopOrphanPostgres(dataDir: string): void {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!(pid > 0)) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** The last lines of a log file, for error messages. */
export function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
