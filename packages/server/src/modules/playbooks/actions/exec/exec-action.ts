// exec: a script (rendered) through the one execution boundary (runUntrusted): an unprivileged user when
// the server is root, a fresh working directory, only the declared env (the playbook's and the action's),
// killed with its children on abort. Result {stdout, stderr, exitCode}; a non-zero exit fails the action.
import { z } from 'zod';
import { runUntrusted } from '../../../../sandbox/run-untrusted.js';
import { envVarSchema, resolveActionEnv } from '../action-env.js';
import { abortMessage, failedOutcome, parseBlock, tail } from '../action-failure.js';
import type { ActionOutcome, ActionRunner } from '../types.js';
import { execArtifacts } from './exec-artifacts.js';
import { execCheckout, execCheckoutSchema } from './exec-checkout.js';
import { execConnectionsSchema, execCredentials } from './exec-connections.js';

/** Bytes of stdout and stderr kept each; the rest is dropped. */
export const EXEC_MAX_OUTPUT_BYTES = 10 * 1024 * 1024;

const execSchema = z.object({
  script: z.string({ error: 'is required' }).min(1, 'is required'),
  env: z.array(envVarSchema, { error: 'must be a list of {name, value|valueFrom}' }).optional(),
  connections: execConnectionsSchema.optional(),
  artifacts: z.array(z.object({ path: z.string().min(1, 'is required') }), { error: 'must be a list of {path}' }).optional(),
  checkout: execCheckoutSchema.optional(),
});

/** Runs the exec block; see the file comment. */
export const execAction: ActionRunner = async (block, actx) => {
  const spec = parseBlock(execSchema, block, 'exec');
  const script = actx.render(spec.script);
  const credentials = await execCredentials(spec.connections, actx);
  const checkout = spec.checkout ? await execCheckout(spec.checkout, actx) : { env: {}, prelude: '' };
  const declared = await resolveActionEnv(spec.env, actx, 'exec.env');
  const env = { ...(actx.env.env ?? {}), ...declared, ...credentials.env, ...checkout.env };
  const paths = (spec.artifacts ?? []).map((a) => a.path);
  const full = withPrelude(credentials.prelude + checkout.prelude, script);
  const warn = (msg: string) => actx.app.log.warn({ run_id: actx.runId }, msg);
  const options = {
    script: full,
    env,
    signal: actx.signal,
    maxOutputBytes: EXEC_MAX_OUTPUT_BYTES,
    onOutputLimit: 'truncate' as const,
    warn,
  };
  return runUntrusted(options, async (run): Promise<ActionOutcome> => {
    const result = { stdout: run.stdout, stderr: run.stderr, exitCode: run.exitCode };
    const artifacts = run.stopped ? [] : await execArtifacts(paths, run.cwd, run.stdout, run.stderr);
    if (run.stopped === 'not-started') return failedOutcome(`cannot run the script: ${run.startError}`, result);
    if (run.stopped === 'aborted') return { ...failedOutcome(abortMessage(actx.signal), result), artifacts };
    if (run.exitCode !== 0) return { ...failedOutcome(tail(run.stderr) || `exit status ${run.exitCode}`, result), artifacts };
    return { status: 'completed', result, artifacts };
  });
};

/**
 * The script after the shell lines that prepare its run (credential files, a checkout). A `#!` script is
 * written to a file by the prelude and exec'd, so its own interpreter still runs it.
 */
export function withPrelude(prelude: string, script: string): string {
  if (!prelude) return script;
  if (!script.startsWith('#!')) return prelude + script;
  let delimiter = 'OPS_SCRIPT_END';
  while (script.includes(delimiter)) delimiter += '_';
  return `${prelude}cat > "$HOME/.ops-script" <<'${delimiter}'\n${script}\n${delimiter}\nchmod 700 "$HOME/.ops-script" && exec "$HOME/.ops-script"\n`;
}
