// Runs a check script through the execution boundary (src/sandbox): bash (or the interpreter of its
// #! line) as an unprivileged user when the server is root, in a fresh working directory, with only the
// check's env, bounded output and every process it started killed on timeout or abort.
import { runUntrusted } from '../../../../../sandbox/run-untrusted.js';

/** Output kept per stream; the rest is dropped so a chatty script cannot exhaust memory. */
export const MAX_OUTPUT_BYTES = 1024 * 1024;

export interface ScriptRun {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** Set when the script could not start or was killed. */
  error?: string;
  cwd: string;
}

/** Runs `script`, then calls `inspect` with the run while its working directory still exists. */
export async function runScript<T>(
  script: string,
  env: Record<string, string>,
  signal: AbortSignal,
  inspect: (run: ScriptRun) => Promise<T>,
): Promise<T> {
  return runUntrusted({ script, env, signal, maxOutputBytes: MAX_OUTPUT_BYTES, onOutputLimit: 'truncate' }, (run) =>
    inspect({
      stdout: run.stdout,
      stderr: run.stderr,
      exitCode: run.exitCode,
      error:
        run.stopped === 'aborted'
          ? 'the script was stopped: the check timed out or was cancelled'
          : run.stopped === 'not-started'
            ? `cannot run the script: ${run.startError}`
            : undefined,
      cwd: run.cwd,
    }),
  );
}
