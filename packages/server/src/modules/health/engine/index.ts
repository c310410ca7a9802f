// The health-check engine's public API: parse and validate Canary documents, expand them into
// checks with stable identities, and run a check (or a whole canary) into results.
export { parseCanary, validateCanary } from './canary/parse-canary.js';
export { parseSchedule, scheduleOfSpec, scheduleTextOfSpec, CANARY_SCHEDULE_RULES, type Schedule } from './canary/schedule.js';
export { CanaryValidationError, type ValidationIssue } from './canary/validation-error.js';
export { CANARY_API_GROUP } from './canary/canary-document.js';
export {
  declaredMetrics,
  describeSignature,
  metricSignature,
  reservedMetricName,
  sameSignature,
  CHECK_TYPE_METRICS,
  type DeclaredMetric,
  type MetricSignature,
} from './canary/metric-specs.js';
export { runCheck, DEFAULT_CHECK_TIMEOUT_MS } from './run/run-check.js';
export { runCanary, DEFAULT_CANARY_CONCURRENCY } from './run/run-canary.js';
export { checkType, checkTypeNames, runnableCheckTypes } from './checks/registry.js';
export {
  createStaticSecretResolver,
  createStaticConnectionResolver,
  type SecretResolver,
  type SecretRef,
  type ConnectionResolver,
  type ConnectionInfo,
  type StaticSecrets,
} from './values/secrets.js';
export { DurationValue } from './values/duration-value.js';
export type {
  CanaryDocument,
  CheckArtifact,
  CheckIdentity,
  CheckMetric,
  CheckResult,
  EngineCheck,
  ParsedCanary,
  RunOptions,
  TransformedCheck,
} from './types.js';
