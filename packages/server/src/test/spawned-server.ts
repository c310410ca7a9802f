// The real server as a child process (`node --conditions=development --import tsx src/main.ts`, the sources), for tests that kill it with -9,
// stop its database or read its log: what an operator's `npm start` runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface SpawnedServer {
  child: ChildProcess;
  pid: number;
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Basic-auth fetch as admin@ops.local with `password`. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

/** Start the server with `env` (DATABASE_URL and TEST_DATABASE_URL of this process are not passed on). */
export async function spawnServer(env: Record<string, string>, password: string, timeoutMs = 120_000): Promise<SpawnedServer> {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', MAIN], {
    env: { ...inherited, HOST: '127.0.0.1', OPS_LOG_LEVEL: 'info', OPS_ADMIN_PASSWORD: password, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const poll = setInterval(() => {
      const m = /listening on (http:\/\/[\d.:]+)/.exec(out);
      if (m) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(m[1]!);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
  const auth = `Basic ${Buffer.from(`admin@ops.local:${password}`).toString('base64')}`;
  return {
    child,
    pid: child.pid!,
    url,
    output: () => out,
    exited,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', auth);
      return fetch(url + path, { ...init, headers });
    },
  };
}

/** Stop a spawned server (SIGTERM, then SIGKILL after `ms`), if it still runs. */
export async function stopSpawned(s: SpawnedServer | undefined, ms = 20_000): Promise<void> {
  if (!s || s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill('SIGTERM');
  const timer = setTimeout(() => s.child.kill('SIGKILL'), ms);
  await s.exited;
  clearTimeout(timer);
}

/** The pid of the embedded PostgreSQL watchdog that server `serverPid` started (see db/pg-watchdog.ts). */
export function watchdogOf(serverPid: number): number | undefined {
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const argv = readFileSync(`/proc/${e}/cmdline`, 'utf8').split('\0');
      if (argv[1] === '-e' && argv[3] === String(serverPid)) return Number(e);
    } catch {
      // gone
    }
  }
  return undefined;
}

/** Wait until `cond` holds (polling every 100 ms); false after `ms`. */
export async function waitFor(cond: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await cond()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return cond();
}
