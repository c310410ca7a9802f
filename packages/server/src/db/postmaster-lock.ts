// What a crash leaves in the embedded PostgreSQL's data directory, and how start-up clears it:
// - a stale postmaster.pid (its postmaster was killed, or its pid now belongs to another process): removed;
// - a live orphan postmaster (its server was killed and the watchdog with it): stopped, then started anew;
// - backends of a killed postmaster still attached to its shared memory: waited for, then killed.
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { EmbeddedStartError } from './embedded-start-error.js';

const STOP_WAIT_MS = 30_000;
const LEFTOVER_WAIT_MS = 5_000;

/** The postmaster pid written in `<pgDir>/postmaster.pid`, undefined without a file, 0 for an empty or torn one. */
export function lockedPid(pgDir: string): number | undefined {
  const file = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : 0;
}

/**
 * Whether `pid` is a postgres process whose data directory is `pgDir`, from /proc/<pid>/cmdline (`-D <dir>`)
 * or its working directory (postgres runs in its data directory). False when /proc says nothing.
 */
export function isPostgresOn(pid: number, pgDir: string): boolean {
  const dir = realDir(pgDir);
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (path.basename(argv[0] ?? '') !== 'postgres' && !argv[0]?.startsWith('postgres:')) return false;
    const d = argv.indexOf('-D');
    if (d >= 0 && argv[d + 1] && realDir(argv[d + 1]!) === dir) return true;
  } catch {
    return false;
  }
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === dir;
  } catch {
    return false;
  }
}

/**
 * Make the data directory startable after a crash. An orphan postmaster on it is stopped rather than
 * adopted: it was started by a dead server (its log pipe is gone, its flags may differ) and nothing here
 * could stop it at shutdown, while a fast shutdown and a fresh start take a second and one code path.
 * SIGINT is what `pg_ctl stop -m fast` sends; pg_ctl itself refuses to run as root.
 */
export async function clearCrashLeftovers(pgDir: string, log: (msg: string) => void): Promise<void> {
  const pid = lockedPid(pgDir);
  if (pid === undefined) return;
  const file = path.join(pgDir, 'postmaster.pid');
  if (pid > 0 && isPostgresOn(pid, pgDir)) {
    log(`stopping the PostgreSQL (pid ${pid}) that a previous server left running on ${pgDir}`);
    if (!(await signalAndWait(pid, 'SIGINT', STOP_WAIT_MS)) && !(await signalAndWait(pid, 'SIGQUIT', 10_000))) {
      throw new EmbeddedStartError(
        `The embedded PostgreSQL left running by a previous server (pid ${pid}) on ${pgDir} did not stop; stop it (kill ${pid}) and start again.`,
      );
    }
  } else if (pid > 0 && !existsSync('/proc/self') && processAlive(pid)) {
    // Without /proc the pid cannot be checked; PostgreSQL itself refuses a live lock (the message says so).
    return;
  }
  rmSync(file, { force: true });
  await clearLeftoverBackends(pgDir);
}

// Backends of a killed postmaster leave by themselves within moments; until then PostgreSQL refuses to start
// ("pre-existing shared memory block is still in use"). Wait a little, then kill them.
async function clearLeftoverBackends(pgDir: string): Promise<void> {
  const deadline = Date.now() + LEFTOVER_WAIT_MS;
  for (;;) {
    const left = processesIn(realDir(pgDir));
    if (left.length === 0) return;
    if (Date.now() > deadline) {
      for (const p of left) tryKill(p, 'SIGKILL');
      await sleep(200);
      return;
    }
    await sleep(100);
  }
}

// Processes whose working directory is `dir` (postgres processes chdir to their data directory).
function processesIn(dir: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  return entries.map(Number).filter((pid) => {
    try {
      return pid !== process.pid && readlinkSync(`/proc/${pid}/cwd`) === dir;
    } catch {
      return false;
    }
  });
}

async function signalAndWait(pid: number, signal: NodeJS.Signals, ms: number): Promise<boolean> {
  tryKill(pid, signal);
  const deadline = Date.now() + ms;
  while (processAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

/** Whether process `pid` runs; a zombie (exited, not yet reaped by its parent) counts as gone. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

function tryKill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // gone already
  }
}

function realDir(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
