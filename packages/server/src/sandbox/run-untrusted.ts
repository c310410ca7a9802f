// The one door for code from specs (exec checks, exec scrapers, later playbook actions). As root the
// code runs as an unprivileged system user (OPS_EXEC_USER, default ops-exec); otherwise as the server's
// own user, under the same rules: a fresh private working directory, an environment holding only what
// the spec declares plus PATH/LANG/HOME, its own process group (and PID namespace where permitted)
// killed with every child on timeout, abort, exit or server shutdown, and capped output.
import { spawn } from 'node:child_process';
import { chmod, chown, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execUser, runningAsRoot, type ExecUser } from './exec-user.js';
import { isolation } from './isolation.js';
import { killTree, trackRun } from './live-runs.js';
import { sandboxConfig } from './sandbox-config.js';
import { createWorkDir, removeWorkDir } from './work-dir.js';

const BASE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Runs as the dropped user: loads the spec's variables from a NUL-separated file (so they never reach the
// root-side helpers, where LD_PRELOAD and the like would be dangerous, nor any command line), then execs.
const LAUNCHER = 'while IFS= read -r -d "" kv; do export "$kv"; done < "$1"; rm -f -- "$1"; shift; exec "$@"';

export interface UntrustedOptions {
  /** A bash script, or a script starting with `#!` run by its own interpreter. */
  script: string;
  /** Variables the spec declares; nothing of the server's environment is passed. */
  env: Record<string, string>;
  /** Abort (timeout, cancel, shutdown) kills the run with all its children. */
  signal: AbortSignal;
  /** Bytes kept per stream. */
  maxOutputBytes: number;
  /** 'truncate' drops output past the cap; 'stop' kills the run and reports it. */
  onOutputLimit: 'truncate' | 'stop';
  /** Where a one-time notice goes (e.g. PID namespaces not permitted). */
  warn?: (msg: string) => void;
}

export interface UntrustedRun {
  stdout: string;
  stderr: string;
  /** The exit code; 128 + n after a signal; -1 when it never started. */
  exitCode: number;
  /** Why the run ended early: aborted (timeout or cancel), output over the cap, or could not start. */
  stopped?: 'aborted' | 'output-limit' | 'not-started';
  /** The reason it could not start. */
  startError?: string;
  /** The working directory, still present while `inspect` runs. */
  cwd: string;
  /** Whom it ran as: a system user's name, or undefined for the server's own user. */
  user?: string;
}

/** Run untrusted code, then call `inspect` while its working directory still exists; the directory is removed after. */
export async function runUntrusted<T>(opts: UntrustedOptions, inspect: (run: UntrustedRun) => Promise<T>): Promise<T> {
  const { dataDir, execUser: userName } = sandboxConfig();
  const warn = opts.warn ?? ((msg: string) => console.warn(`[sandbox] ${msg}`));
  const bad = Object.keys(opts.env).find((k) => !ENV_NAME.test(k));
  // When the server is not root there is no other user to drop to: the code runs as the server's user.
  const user = runningAsRoot() ? await execUser(userName) : undefined;
  const cwd = await createWorkDir(dataDir, user);
  try {
    if (bad !== undefined) return await inspect(notStarted(cwd, `env: ${JSON.stringify(bad)} is not a valid variable name`));
    const { prefix } = await isolation(user, warn);
    const command = await prepare(opts, cwd, user);
    const argv = [...prefix, 'bash', '-c', LAUNCHER, 'ops-launch', ...command];
    return await inspect(await spawnRun(argv, cwd, opts, user));
  } catch (err) {
    return await inspect(notStarted(cwd, (err as Error).message));
  } finally {
    await removeWorkDir(cwd);
  }
}

function notStarted(cwd: string, startError: string): UntrustedRun {
  return { stdout: '', stderr: '', exitCode: -1, stopped: 'not-started', startError, cwd };
}

// Write the env file (and a #! script) into the working directory, owned by the run's user.
async function prepare(opts: UntrustedOptions, cwd: string, user: ExecUser | undefined): Promise<string[]> {
  const owned = async (file: string, content: string, mode: number) => {
    await writeFile(file, content, { mode });
    await chmod(file, mode);
    if (user) await chown(file, user.uid, user.gid);
  };
  const envFile = path.join(cwd, '.ops-env');
  await owned(
    envFile,
    Object.entries(opts.env)
      .map(([k, v]) => `${k}=${v}\0`)
      .join(''),
    0o600,
  );
  let command = ['bash', '-c', opts.script];
  if (opts.script.startsWith('#!')) {
    const file = path.join(cwd, '.script');
    await owned(file, opts.script, 0o700);
    command = [file];
  }
  return [envFile, ...command];
}

function spawnRun(argv: string[], cwd: string, opts: UntrustedOptions, user: ExecUser | undefined): Promise<UntrustedRun> {
  return new Promise((resolve) => {
    const env = { PATH: BASE_PATH, LANG: 'C.UTF-8', HOME: cwd };
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const untrack = child.pid ? trackRun(child.pid) : () => undefined;
    let stopped: UntrustedRun['stopped'];
    const stop = (why: NonNullable<UntrustedRun['stopped']>) => {
      stopped ??= why;
      if (child.pid) killTree(child.pid);
    };
    const onAbort = () => stop('aborted');
    if (opts.signal.aborted) onAbort();
    opts.signal.addEventListener('abort', onAbort, { once: true });
    const out = new Capture(opts.maxOutputBytes, () => opts.onOutputLimit === 'stop' && stop('output-limit'));
    const err = new Capture(opts.maxOutputBytes, () => opts.onOutputLimit === 'stop' && stop('output-limit'));
    child.stdout.on('data', (b: Buffer) => out.add(b));
    child.stderr.on('data', (b: Buffer) => err.add(b));
    // The script is done: nothing it started may stay behind (in a PID namespace the kernel did this already).
    child.on('exit', () => child.pid && killTree(child.pid));
    let settled = false;
    const finish = (exitCode: number, startError?: string) => {
      if (settled) return;
      settled = true;
      untrack();
      opts.signal.removeEventListener('abort', onAbort);
      resolve({
        stdout: out.text(),
        stderr: err.text(),
        exitCode,
        stopped: startError ? 'not-started' : stopped,
        startError,
        cwd,
        user: user?.name,
      });
    };
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (child.pid === undefined) finish(-1, e.code === 'ENOENT' ? `cannot run ${argv[0]}: not installed` : e.message);
    });
    child.on('close', (code, sig) => finish(code ?? (sig ? 128 + signalNumber(sig) : -1)));
  });
}

function signalNumber(sig: NodeJS.Signals): number {
  return sig === 'SIGKILL' ? 9 : sig === 'SIGTERM' ? 15 : 0;
}

/** Keeps the first `max` bytes of a stream and reports once when more arrives. */
class Capture {
  private chunks: Buffer[] = [];
  private size = 0;
  private over = false;

  constructor(
    private readonly max: number,
    private readonly onOver: () => void,
  ) {}

  add(b: Buffer): void {
    if (this.size + b.length > this.max && !this.over) {
      this.over = true;
      this.onOver();
    }
    if (this.size >= this.max) return;
    const part = b.subarray(0, this.max - this.size);
    this.chunks.push(part);
    this.size += part.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}
