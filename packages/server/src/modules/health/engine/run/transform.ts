// A check's `transform`: its output (JSON) either edits the result in place (one entry without a
// new name) or fans out into named checks of their own (canary-checker's transform semantics).
import type { CheckMetric, CheckResult, EngineCheck, TransformedCheck } from '../types.js';
import { runTemplateSpec, type TemplateSpec } from './expressions.js';

/** One entry of a transform's output (canary-checker's TransformedCheckResult). */
interface TransformEntry {
  name?: string;
  type?: string;
  namespace?: string;
  icon?: string;
  description?: string;
  endpoint?: string;
  labels?: Record<string, string>;
  pass?: boolean;
  invalid?: boolean;
  message?: string;
  error?: string;
  duration?: number;
  start?: string;
  detail?: unknown;
  data?: Record<string, unknown>;
  displayType?: string;
  metrics?: CheckMetric[];
  deletedAt?: string;
  transformDeleteStrategy?: string;
}

/** What a transform did: `fannedOut` when it created named checks (the result itself is then left as is). */
export interface TransformOutcome {
  fannedOut: boolean;
  transformed: TransformedCheck[];
}

/** Runs the transform over `env` and applies it to `result`; throws when the output is unusable. */
export function applyTransform(
  spec: TemplateSpec,
  check: EngineCheck,
  result: CheckResult,
  env: Record<string, unknown>,
): TransformOutcome {
  const out = runTemplateSpec(spec, env, 'transform').trim();
  let entries: TransformEntry[];
  try {
    const parsed = JSON.parse(out || '[]') as unknown;
    entries = (Array.isArray(parsed) ? parsed : [parsed]) as TransformEntry[];
  } catch (err) {
    throw new Error(`transform did not return JSON: ${(err as Error).message}`, { cause: err });
  }
  if (entries.some((e) => e === null || typeof e !== 'object' || Array.isArray(e)))
    throw new Error('transform must return an object or a list of objects');
  if (entries.length === 0) return { fannedOut: true, transformed: [] };
  const first = entries[0]!;
  if (first.name && first.name !== check.name) return { fannedOut: true, transformed: entries.map((e) => child(e, check, result)) };
  if (entries.length === 1) {
    mergeInPlace(first, result);
    return { fannedOut: false, transformed: [] };
  }
  throw new Error('transformation returned more than 1 entry without a name');
}

function mergeInPlace(t: TransformEntry, r: CheckResult): void {
  if (Array.isArray(t.metrics)) r.metrics.push(...t.metrics.map(metric));
  if (t.start) r.start = new Date(t.start);
  if (typeof t.pass === 'boolean') r.pass = t.pass;
  if (typeof t.invalid === 'boolean') r.invalid = t.invalid;
  if (typeof t.duration === 'number') r.duration = t.duration;
  if (t.message) r.message = String(t.message);
  if (t.error) r.error = String(t.error);
  if (t.detail !== undefined) {
    if (t.detail === '$delete') {
      r.detail = undefined;
      delete r.data.results;
    } else r.detail = t.detail;
  }
  if (t.data && typeof t.data === 'object') Object.assign(r.data, t.data);
}

function child(t: TransformEntry, check: EngineCheck, parent: CheckResult): TransformedCheck {
  const name = String(t.name || check.name);
  const type = String(t.type || check.type);
  const result: CheckResult = {
    identity: { canary: parent.identity.canary, type, name },
    pass: typeof t.pass === 'boolean' ? t.pass : true,
    invalid: t.invalid === true,
    message: t.message ? String(t.message) : '',
    error: t.error ? String(t.error) : '',
    duration: typeof t.duration === 'number' ? t.duration : 0,
    start: t.start ? new Date(t.start) : parent.start,
    detail: t.detail,
    data: t.data && typeof t.data === 'object' ? t.data : {},
    metrics: Array.isArray(t.metrics) ? t.metrics.map(metric) : [],
    artifacts: [],
    transformed: [],
  };
  return {
    name,
    type,
    namespace: String(t.namespace || check.namespace),
    icon: String(t.icon || check.icon),
    description: String(t.description || check.description),
    endpoint: String(t.endpoint || check.endpoint),
    labels: t.labels && typeof t.labels === 'object' ? Object.fromEntries(Object.entries(t.labels).map(([k, v]) => [k, String(v)])) : {},
    deleteStrategy: String(t.transformDeleteStrategy || check.spec.transformDeleteStrategy || ''),
    deleted: !!t.deletedAt && !Number.isNaN(Date.parse(t.deletedAt)),
    result,
  };
}

function metric(m: CheckMetric): CheckMetric {
  const type = m.type === 'gauge' || m.type === 'histogram' ? m.type : 'counter';
  const labels = Object.fromEntries(Object.entries(m.labels ?? {}).map(([k, v]) => [k, String(v)]));
  return { name: String(m.name), type, value: Number(m.value), labels };
}
