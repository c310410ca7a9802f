// The engine's public types: a parsed Canary, the checks it expands into, and what one run returns.
import type { Schedule } from './canary/schedule.js';
import type { ConnectionResolver, SecretResolver } from './values/secrets.js';

/** A check's stable identity: the canary (namespace/name), the check type and the check name. */
export interface CheckIdentity {
  canary: string;
  type: string;
  name: string;
}

/** The canary document after validation; `spec` keeps every field, known or not. */
export interface CanaryDocument {
  apiVersion: string;
  kind: 'Canary';
  metadata: {
    name: string;
    namespace: string;
    labels: Record<string, string>;
    annotations: Record<string, string>;
    [key: string]: unknown;
  };
  spec: Record<string, unknown>;
}

/** A parsed canary: the document plus its schedule and the checks it holds. */
export interface ParsedCanary {
  document: CanaryDocument;
  /** `namespace/name`: the canary part of every check identity. */
  key: string;
  schedule: Schedule;
  checks: EngineCheck[];
}

/** One check of a canary, ready to run. `spec` is the check's entry with unknown fields kept. */
export interface EngineCheck {
  identity: CheckIdentity;
  /** `namespace/canary/type/name`: unique within a server. */
  key: string;
  type: string;
  name: string;
  description: string;
  namespace: string;
  icon: string;
  labels: Record<string, string>;
  severity: string;
  owner: string;
  endpoint: string;
  dependsOn: string[];
  /** Position of the entry in `spec.<type>`; used in messages (`spec.http[2]`). */
  index: number;
  spec: Record<string, unknown>;
  canary: CanaryDocument;
}

/** A metric computed from a check's `metrics` spec (or by the check type itself). */
export interface CheckMetric {
  name: string;
  type: 'counter' | 'gauge' | 'histogram';
  value: number;
  labels: Record<string, string>;
}

/** A file (or stdout/stderr) an exec check asked to keep. */
export interface CheckArtifact {
  path: string;
  size: number;
  content: Buffer;
  truncated: boolean;
}

/** What one run of one check produced. `data` holds the result variables of its type. */
export interface CheckResult {
  identity: CheckIdentity;
  pass: boolean;
  invalid: boolean;
  message: string;
  error: string;
  /** Milliseconds the probe took. */
  duration: number;
  start: Date;
  detail: unknown;
  data: Record<string, unknown>;
  metrics: CheckMetric[];
  /** The rendered `display` template or expression, when the check has one. */
  display?: string;
  artifacts: CheckArtifact[];
  /** Checks created by a transform that returned named entries (fan-out). */
  transformed: TransformedCheck[];
}

/** A check produced by a transform: its own identity and fields, plus its result. */
export interface TransformedCheck {
  name: string;
  type: string;
  namespace: string;
  icon: string;
  description: string;
  endpoint: string;
  labels: Record<string, string>;
  deleteStrategy: string;
  deleted: boolean;
  result: CheckResult;
}

/** Engine-wide options a host (the scheduler, a test) passes to every run. */
export interface RunOptions {
  /** Aborts the run (e.g. the canary was deleted or the server is stopping). */
  signal?: AbortSignal;
  /** Per-check timeout in milliseconds; the check fails with a timeout message when it is exceeded. */
  timeoutMs?: number;
  secrets?: SecretResolver;
  connections?: ConnectionResolver;
  /** Extra trusted CA certificates (PEM) for TLS checks, in addition to the system store. */
  extraCACerts?: string[];
  /** Results of earlier checks of the same canary, by name (for `dependsOn`). */
  outputs?: Record<string, Record<string, unknown>>;
  /** Persisted ids, exposed to expressions as canary.id and check.id. */
  canaryId?: string;
  checkId?: string;
}
