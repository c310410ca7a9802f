// Where a gitops action's clone lives and how git runs on it: a private directory owned by the user
// untrusted code runs as, and git invoked through the execution boundary (runUntrusted) as that user,
// with only the variables given (credentials through a helper reading the environment, never argv).
import { sandboxConfig } from '../../../../sandbox/sandbox-config.js';
import { execUser, runningAsRoot, type ExecUser } from '../../../../sandbox/exec-user.js';
import { runUntrusted } from '../../../../sandbox/run-untrusted.js';
import { createWorkDir, removeWorkDir } from '../../../../sandbox/work-dir.js';
import { abortMessage, ActionError, tail } from '../action-failure.js';
import { GIT_ENV } from './git-remote.js';

/** Output kept from one git step. */
const GIT_OUTPUT_BYTES = 1024 * 1024;

// A repository owned by another user (a local bare repository) is refused by git unless the global
// configuration allows it; HOME is the run's own fresh directory, so this touches nothing else.
export const GIT_PRELUDE = "git config --global safe.directory '*'\n";

type Step = { ok: true; stdout: string } | { ok: false; error: string };

export interface GitWorkspace {
  /** The directory the clone goes into (`$OPS_WORKSPACE`). */
  dir: string;
  user?: ExecUser;
  /** Runs a bash script as the exec user with `$OPS_WORKSPACE` and the given variables; answers stdout. */
  run(step: string, script: string, env: Record<string, string>): Promise<string>;
}

/** Makes the workspace, hands it to `use`, and removes it afterwards whatever happens. */
export async function withGitWorkspace<T>(signal: AbortSignal, use: (ws: GitWorkspace) => Promise<T>): Promise<T> {
  const user = runningAsRoot() ? await execUser(sandboxConfig().execUser) : undefined;
  const dir = await createWorkDir(sandboxConfig().dataDir, user);
  const run = (step: string, script: string, env: Record<string, string>) =>
    runUntrusted(
      {
        script: GIT_PRELUDE + script,
        env: { ...GIT_ENV, ...env, OPS_WORKSPACE: dir },
        signal,
        maxOutputBytes: GIT_OUTPUT_BYTES,
        onOutputLimit: 'truncate',
      },
      // runUntrusted treats a throw inside inspect as a failure to start: answer, then throw outside.
      async (r): Promise<Step> => {
        if (r.stopped === 'aborted') return { ok: false, error: abortMessage(signal) };
        if (r.stopped === 'not-started') return { ok: false, error: `gitops: cannot run git: ${r.startError}` };
        if (r.exitCode !== 0)
          return { ok: false, error: `gitops: ${step} failed: ${tail(r.stderr || r.stdout, 1000) || `exit status ${r.exitCode}`}` };
        return { ok: true, stdout: r.stdout };
      },
    ).then((r) => {
      if (!r.ok) throw new ActionError(r.error);
      return r.stdout;
    });
  try {
    return await use({ dir, user, run });
  } finally {
    await removeWorkDir(dir);
  }
}
