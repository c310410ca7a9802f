// Runs one check: probe within a per-check timeout (and the caller's AbortSignal), then
// transform/display/test/metrics. Never throws: every problem becomes a failed or invalid result.
import type { ProbeContext, ProbeResult } from '../checks/check-type.js';
import { errorText, failed, invalid } from '../checks/probe-results.js';
import { checkType } from '../checks/registry.js';
import type { CheckResult, EngineCheck, RunOptions } from '../types.js';
import { ResolveError } from '../values/env-vars.js';
import { baseEnv } from './check-env.js';
import { postProcess } from './post-process.js';

/** Used when the caller gives no timeout. */
export const DEFAULT_CHECK_TIMEOUT_MS = 60_000;
/**
 * A probe's own timers (request, query, socket) run this much past the check's deadline: they are backstops, and
 * a timer due at the same instant as the deadline would race it and report its own message instead of the check's.
 */
const PROBE_BACKSTOP_MS = 50;

class StopError extends Error {}

/** Runs `check` once and reports the result. */
export async function runCheck(check: EngineCheck, options: RunOptions = {}): Promise<CheckResult> {
  const start = new Date();
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new StopError(`check timed out after ${timeoutMs}ms`)), timeoutMs);
  const onCancel = () => controller.abort(new StopError('check run was cancelled'));
  if (options.signal?.aborted) onCancel();
  else options.signal?.addEventListener('abort', onCancel, { once: true });
  const env = baseEnv(check, options);
  const ctx: ProbeContext = {
    check,
    signal: controller.signal,
    remainingMs: () => Math.max(1, deadline - Date.now()) + PROBE_BACKSTOP_MS,
    resolve: { namespace: check.namespace, secrets: options.secrets, connections: options.connections },
    env,
    options,
  };
  const started = performance.now();
  let probe: ProbeResult;
  try {
    probe = await probeUntilStopped(check, ctx, controller.signal);
  } catch (err) {
    probe = err instanceof ResolveError ? invalid(err.message) : failed(errorText(err));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCancel);
  }
  const result = toResult(check, probe, start, performance.now() - started);
  if (!result.invalid) postProcess(check, result, env);
  return result;
}

async function probeUntilStopped(check: EngineCheck, ctx: ProbeContext, signal: AbortSignal): Promise<ProbeResult> {
  const def = checkType(check.type);
  if (!def) return invalid(`unknown check type "${check.type}"`);
  if (!def.run) return invalid(def.unavailable ?? `${check.type} checks cannot run here`);
  if (signal.aborted) return failed(errorText(signal.reason));
  let onStop: () => void = () => undefined;
  const stopped = new Promise<ProbeResult>((resolve) => {
    onStop = () => resolve(failed(errorText(signal.reason)));
    signal.addEventListener('abort', onStop, { once: true });
  });
  try {
    return await Promise.race([def.run(check.spec, ctx), stopped]);
  } finally {
    signal.removeEventListener('abort', onStop);
  }
}

function toResult(check: EngineCheck, probe: ProbeResult, start: Date, elapsed: number): CheckResult {
  const data = { ...(probe.data ?? {}) };
  if (probe.detail !== undefined && data.results === undefined) data.results = probe.detail;
  return {
    identity: check.identity,
    pass: probe.pass && !probe.invalid,
    invalid: probe.invalid === true,
    message: probe.message ?? '',
    error: probe.error ?? '',
    duration: Math.round(probe.duration ?? elapsed),
    start,
    detail: probe.detail,
    data,
    metrics: [...(probe.metrics ?? [])],
    artifacts: probe.artifacts ?? [],
    transformed: [],
  };
}
