// The variables test/display/transform/metrics see, as canary-checker's context builds them:
// `canary`, `check`, `outputs` of dependencies, then the result's `duration` and data.
import type { EngineCheck, RunOptions } from '../types.js';

/** Variables available before the probe runs (for URL and body templates). */
export function baseEnv(check: EngineCheck, options: RunOptions): Record<string, unknown> {
  const env: Record<string, unknown> = {
    canary: {
      name: check.canary.metadata.name,
      namespace: check.canary.metadata.namespace,
      labels: check.canary.metadata.labels,
      id: options.canaryId ?? '',
    },
    check: {
      name: check.name,
      id: options.checkId ?? '',
      description: check.description,
      labels: check.labels,
      endpoint: check.endpoint,
    },
  };
  if (options.outputs && Object.keys(options.outputs).length > 0) env.outputs = options.outputs;
  return env;
}

/** Variables after the probe: the base plus `duration` (ms) and the result data. */
export function resultEnv(base: Record<string, unknown>, duration: number, data: Record<string, unknown>): Record<string, unknown> {
  return { ...base, duration, ...data };
}
