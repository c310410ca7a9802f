// exec: runs a script; `results.stdout` / `results.stderr` (trimmed, like canary-checker) and
// `results.exitCode` feed test/display. Without a test the check passes when the exit code is 0.
import { RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import type { CheckType } from '../check-type.js';
import { failed, invalid, passed } from '../probe-results.js';
import { resolveEnvList } from '../../values/env-vars.js';
import { collectArtifacts } from './artifacts.js';
import { runScript } from './run-script.js';

export const execCheck: CheckType = {
  type: 'exec',
  schema: RUNNABLE_CHECK_SCHEMAS.exec,
  endpoint: (spec) => String(spec.description ?? '') || firstLine(String(spec.script ?? '')),
  async run(spec, ctx) {
    if (spec.checkout) return invalid('exec: checkout (cloning a git repository) is not supported here');
    const env = await resolveEnvList(spec.env, ctx.resolve, 'env');
    const artifactPaths = ((spec.artifacts as Array<{ path: string }> | undefined) ?? []).map((a) => a.path);
    return runScript(String(spec.script), env, ctx.signal, async (run) => {
      const detail = {
        stdout: run.stdout.trim(),
        stderr: run.stderr.trim(),
        exitCode: run.exitCode,
        ...(run.error ? { error: run.error } : {}),
      };
      const artifacts = artifactPaths.length ? await collectArtifacts(artifactPaths, run.cwd, run.stdout, run.stderr) : [];
      const extra = { detail, artifacts };
      if (run.error) return failed(run.error, extra);
      // A test, when present, decides; otherwise the default test is results.exitCode == 0.
      if (hasTest(spec) || run.exitCode === 0) return passed({}, extra);
      return failed(detail.stderr || `exit code ${run.exitCode}`, extra);
    });
  },
};

function hasTest(spec: Record<string, unknown>): boolean {
  const t = spec.test as Record<string, unknown> | undefined;
  return !!t && ['expr', 'template', 'jsonPath', 'javascript'].some((k) => typeof t[k] === 'string' && t[k] !== '');
}

function firstLine(script: string): string {
  return script.trim().split('\n')[0]!.slice(0, 120);
}
