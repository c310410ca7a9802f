// The contract between the engine and one check type (http, tcp, …): how to validate an entry,
// what its endpoint is, and how to probe it.
import type { z } from 'zod';
import type { CheckArtifact, CheckMetric, EngineCheck, RunOptions } from '../types.js';
import type { ResolveContext } from '../values/env-vars.js';

/** What a probe reports; the engine turns it into a CheckResult and applies transform/display/test. */
export interface ProbeResult {
  pass: boolean;
  invalid?: boolean;
  /** Informational text (shown when there is no display). */
  message?: string;
  /** Why the check failed or is invalid. */
  error?: string;
  /** Milliseconds; defaults to the time the probe took. */
  duration?: number;
  /** Structured details; exposed to expressions as `results`. */
  detail?: unknown;
  /** The result variables of the type (http: code, headers, …). */
  data?: Record<string, unknown>;
  metrics?: CheckMetric[];
  artifacts?: CheckArtifact[];
}

/** Everything a probe may use while it runs. */
export interface ProbeContext {
  check: EngineCheck;
  /** Fires on timeout or cancellation; probes must stop work and release sockets/processes. */
  signal: AbortSignal;
  /** Milliseconds left before the engine's per-check timeout, plus a little: the deadline itself stops the check. */
  remainingMs(): number;
  resolve: ResolveContext;
  /** The template environment of the check: canary, check, outputs of dependencies. */
  env: Record<string, unknown>;
  options: RunOptions;
}

/** One check type. `run` is missing for types we recognise but cannot run here. */
export interface CheckType {
  type: string;
  schema: z.ZodType<Record<string, unknown>>;
  /** The endpoint shown for a check (and used as its name when it has none). */
  endpoint(spec: Record<string, unknown>): string;
  /** Extra validation across fields; returns [field, message] pairs. */
  validate?(spec: Record<string, unknown>): Array<[string, string]>;
  run?(spec: Record<string, unknown>, ctx: ProbeContext): Promise<ProbeResult>;
  /** Why `run` is missing. */
  unavailable?: string;
}
