import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_MAIN = path.join(ROOT, 'packages/server/dist/main.js');
const WEB_DIST = path.join(ROOT, 'packages/web/dist');

export interface BenchServer {
  url: string;
  /** pid of the node process serving HTTP (its RSS is the server's memory). */
  pid: number;
  /** Superuser URL of the server's embedded PostgreSQL, database `ops`. */
  pgUrl: string;
  adminEmail: string;
  adminPassword: string;
  logFile: string;
  /** pid of the embedded PostgreSQL's postmaster (its backends are its children). */
  pgPid(): number;
  stop(): Promise<void>;
}

/**
 * Start the built server as its own process (so its RSS is its own) with an embedded PostgreSQL
 * under `dataDir`, on free ports, and wait for /api/about.
 */
export async function startBenchServer(
  dataDir: string,
  opts: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<BenchServer> {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);
  mkdirSync(dataDir, { recursive: true });
  const [port, pgPort] = await freePorts(2);
  const adminEmail = 'admin@ops.local';
  const adminPassword = 'bench-admin-password';
  const logFile = path.join(dataDir, 'server.log');
  const log = openSync(logFile, 'w');
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    OPS_DATA_DIR: dataDir,
    OPS_EMBEDDED_PG_PORT: String(pgPort),
    OPS_ADMIN_EMAIL: adminEmail,
    OPS_ADMIN_PASSWORD: adminPassword,
    OPS_WEB_DIST: WEB_DIST,
    ...opts.env,
  });
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=bench/.work/prof" to profile the server under load.
  const nodeArgs = opts.nodeArgs ?? (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], { cwd: ROOT, env: childEnv, stdio: ['ignore', log, log] });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = (): Promise<void> => stopChild(child, dataDir);
  try {
    await waitUntilReady(url, child, logFile);
  } catch (err) {
    await stop();
    throw err;
  }
  const pw = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const pgUrl = `postgres://postgres:${encodeURIComponent(pw)}@127.0.0.1:${pgPort}/ops`;
  const pgPid = (): number => Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { url, pid: child.pid ?? 0, pgUrl, adminEmail, adminPassword, logFile, pgPid, stop };
}

async function freePorts(count: number): Promise<[number, number]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const s = net.createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports as [number, number];
}

async function waitUntilReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited before it was ready:\n${tail(logFile)}`);
    try {
      if ((await fetch(`${url}/api/about`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not get ready at ${url}:\n${tail(logFile)}`);
}

// SIGTERM lets the server drain and stop its PostgreSQL; a stuck one is killed, then its postmaster.
async function stopChild(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 'SIGTERM');
  } catch {
    // already stopped
  }
}

/** Last lines of the server log for error messages. */
export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Resident (VmRSS) and peak (VmHWM) memory of a process from /proc (Linux), in MB (10^6 bytes). */
export function processMemory(pid: number): { rssMB: number; hwmMB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string): number => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: (kib('VmRSS') * 1024) / 1e6, hwmMB: (kib('VmHWM') * 1024) / 1e6 };
}
