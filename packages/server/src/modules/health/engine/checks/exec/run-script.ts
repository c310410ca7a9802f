// Runs a check script with bash (or the interpreter of its #! line) in a scratch directory, with a
// small environment, bounded output and the whole process group killed on timeout or abort.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Output kept per stream; the rest is dropped so a chatty script cannot exhaust memory. */
export const MAX_OUTPUT_BYTES = 1024 * 1024;

/** Variables passed through from the server: enough for tools to work, no server secrets. */
const PASS_THROUGH = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TZ', 'USER', 'SHELL', 'TMPDIR', 'TERM'];

export interface ScriptRun {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** Set when the script could not start or was killed. */
  error?: string;
  cwd: string;
}

/** Runs `script`, then calls `inspect` with the run while its scratch directory still exists. */
export async function runScript<T>(
  script: string,
  env: Record<string, string>,
  signal: AbortSignal,
  inspect: (run: ScriptRun) => Promise<T>,
): Promise<T> {
  const cwd = await mkdtemp(path.join(tmpdir(), 'ops-exec-'));
  try {
    let command = 'bash';
    let args = ['-c', script];
    if (script.startsWith('#!')) {
      const file = path.join(cwd, '.script');
      await writeFile(file, script);
      await chmod(file, 0o700);
      command = file;
      args = [];
    }
    return await inspect(await spawnAndWait(command, args, cwd, { ...baseEnv(), ...env }, signal));
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const k of PASS_THROUGH) if (process.env[k] !== undefined) env[k] = process.env[k]!;
  env.PATH ??= '/usr/local/bin:/usr/bin:/bin';
  return env;
}

function spawnAndWait(command: string, args: string[], cwd: string, env: Record<string, string>, signal: AbortSignal): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const out = new Capture();
    const err = new Capture();
    let error: string | undefined;
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const kill = () => {
      error = 'the script was stopped: the check timed out or was cancelled';
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    if (signal.aborted) kill();
    signal.addEventListener('abort', kill, { once: true });
    child.stdout.on('data', (b: Buffer) => out.add(b));
    child.stderr.on('data', (b: Buffer) => err.add(b));
    let settled = false;
    const finish = (exitCode: number) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', kill);
      resolve({ stdout: out.text(), stderr: err.text(), exitCode, error, cwd });
    };
    child.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code === 'ENOENT' ? `cannot run ${command}: not installed` : e.message;
      if (child.pid === undefined) finish(-1);
    });
    child.on('close', (code, sig) => finish(code ?? (sig ? 128 : -1)));
  });
}

class Capture {
  private chunks: Buffer[] = [];
  private size = 0;

  add(b: Buffer): void {
    if (this.size >= MAX_OUTPUT_BYTES) return;
    const part = b.subarray(0, MAX_OUTPUT_BYTES - this.size);
    this.chunks.push(part);
    this.size += part.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}
