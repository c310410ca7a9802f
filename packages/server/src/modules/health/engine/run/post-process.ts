// After the probe: transform (in place or fan-out), then display and test, then the check's metrics,
// in canary-checker's order. Evaluation problems fail the result with the reason in `error`.
import type { CheckResult, EngineCheck } from '../types.js';
import { resultEnv } from './check-env.js';
import { isEmptyTemplate, runTemplateSpec, runTestSpec, type TemplateSpec } from './expressions.js';
import { computeMetrics } from './metrics.js';
import { applyTransform } from './transform.js';

/** Applies transform/display/test/metrics to a (valid) result, in place. */
export function postProcess(check: EngineCheck, result: CheckResult, base: Record<string, unknown>): void {
  const env = () => resultEnv(base, result.duration, result.data);
  const spec = check.spec as {
    transform?: TemplateSpec;
    display?: TemplateSpec;
    test?: TemplateSpec;
    metrics?: Parameters<typeof computeMetrics>[0];
  };
  if (!isEmptyTemplate(spec.transform)) {
    try {
      const outcome = applyTransform(spec.transform!, check, result, env());
      if (outcome.fannedOut) {
        // The parent keeps its status; its detail (often a large list) now lives in the children.
        result.detail = undefined;
        result.transformed = outcome.transformed;
        addMetrics(spec.metrics, result, env);
        return;
      }
    } catch (err) {
      result.invalid = true;
      result.pass = false;
      result.error = `error transforming result: ${(err as Error).message}`;
      return;
    }
  }
  // A probe that failed before producing any data has nothing for display/test to look at.
  const hasData = Object.keys(result.data).length > 0 || result.detail !== undefined;
  if (!isEmptyTemplate(spec.display) && hasData) {
    try {
      result.display = runTemplateSpec(spec.display!, env(), 'display');
      result.message = result.display;
    } catch (err) {
      fail(result, `display: ${(err as Error).message}`);
    }
  }
  if (!isEmptyTemplate(spec.test) && hasData) {
    try {
      if (!runTestSpec(spec.test!, env())) fail(result, testFailure(check, result, spec.test!));
    } catch (err) {
      fail(result, `test: ${(err as Error).message}`);
    }
  }
  addMetrics(spec.metrics, result, env);
}

// The variables are built only for a check with metrics: most have none, and building them every run costs.
// A metric that cannot be computed does not fail the check (what it probes is fine; canary-checker would
// fail it): the reason joins the check's message (and display, which the message shows), so the author
// sees it in the check's history. A log line would repeat on every run and reach only operators.
function addMetrics(specs: Parameters<typeof computeMetrics>[0], result: CheckResult, env: () => Record<string, unknown>): void {
  if (!specs?.length) return;
  const { metrics, errors } = computeMetrics(specs, env());
  result.metrics.push(...metrics);
  if (errors.length === 0) return;
  const note = errors.join('; ');
  result.message = result.message ? `${result.message} (${note})` : note;
  if (result.display !== undefined) result.display = result.message;
}

/** Why a test failed: an exec check's output (as canary-checker reports it), else the expression. */
function testFailure(check: EngineCheck, result: CheckResult, test: TemplateSpec): string {
  const d = result.detail as { stdout?: string; stderr?: string; exitCode?: number } | undefined;
  if (check.type === 'exec' && d) return `${d.stderr ?? ''} ${d.stdout ?? ''}`.trim() || `exit code ${d.exitCode ?? -1}`;
  return `test failed: ${(test.expr ?? test.template ?? test.jsonPath ?? test.javascript ?? '').trim()}`;
}

function fail(result: CheckResult, message: string): void {
  result.pass = false;
  appendError(result, message);
}

function appendError(result: CheckResult, message: string): void {
  result.error = result.error ? `${result.error}, ${message}` : message;
}
