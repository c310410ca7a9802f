// Test helpers for the check engine: build one check from a spec entry through the real parser
// and run it, so tests exercise validation, expansion and the run pipeline together.
import { parseCanary, runCheck, type CheckResult, type EngineCheck, type RunOptions } from '../../modules/health/engine/index.js';

/** The single check of a canary `{spec: {[type]: [entry]}}`; throws if the entry is invalid. */
export function checkOf(type: string, entry: Record<string, unknown>, metadata: Record<string, unknown> = {}): EngineCheck {
  const canary = parseCanary({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name: 'test', ...metadata },
    spec: { [type]: [entry] },
  });
  return canary.checks[0]!;
}

/** Parses and runs one entry. */
export function runEntry(type: string, entry: Record<string, unknown>, options: RunOptions = {}): Promise<CheckResult> {
  return runCheck(checkOf(type, { name: `${type}-check`, ...entry }), { timeoutMs: 10_000, ...options });
}
