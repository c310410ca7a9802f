// The `metrics` a canary's checks declare, checked as a whole before the canary is accepted: each
// exported name means one Prometheus family, so a name the server exports itself, or one name declared
// with two types or two sets of label names, could never be exported and is refused with its field.
import { parseCel } from '@ops/shared/expr';
import { checkTypeNames } from '../checks/registry.js';
import { joinPath, type ValidationIssue } from './validation-error.js';

/** A metric name's shape: its type and its label names, sorted. */
export interface MetricSignature {
  type: 'counter' | 'gauge' | 'histogram';
  labels: string[];
}

/** One metric a check of a canary declares, where it is declared and its signature. */
export interface DeclaredMetric extends MetricSignature {
  name: string;
  /** `spec.http[0].metrics[1]` */
  path: string;
}

// Families the server exports itself (canary-checker's canary_check*, the server's ops_* and HTTP
// series, prom-client's process and Node.js series): a check may not write into them.
const RESERVED_PREFIXES = ['canary_check', 'ops_', 'process_', 'nodejs_'];
const RESERVED_NAMES = new Set(['http_request_duration_seconds', 'http_requests_total']);

/** Metrics the check types report themselves (as canary-checker's http and icmp checks do). */
export const CHECK_TYPE_METRICS: Record<string, MetricSignature & { from: string }> = {
  response_code: { type: 'counter', labels: ['code', 'url'], from: 'http checks' },
  packetLoss: { type: 'gauge', labels: ['endpoint', 'ip'], from: 'icmp checks' },
  latency: { type: 'histogram', labels: ['endpoint', 'ip'], from: 'icmp checks' },
};

/** Why a metric name may not be declared by a check, or undefined when it may. */
export function reservedMetricName(name: string): string | undefined {
  const base = name.replace(/_(bucket|sum|count|total|created)$/, '');
  if (RESERVED_NAMES.has(name) || RESERVED_NAMES.has(base) || RESERVED_PREFIXES.some((p) => name.startsWith(p)))
    return `"${name}" is a metric the server exports itself; choose another name`;
  return undefined;
}

/** Whether two signatures describe the same family. */
export function sameSignature(a: MetricSignature, b: MetricSignature): boolean {
  return a.type === b.type && a.labels.length === b.labels.length && a.labels.every((l, i) => l === b.labels[i]);
}

/** `counter {code, url}` */
export function describeSignature(s: MetricSignature): string {
  return `${s.type} {${s.labels.join(', ')}}`;
}

/** Every well-formed metric the checks of a spec declare (entries the schema refuses are skipped). */
export function declaredMetrics(spec: Record<string, unknown>): DeclaredMetric[] {
  const out: DeclaredMetric[] = [];
  forEachMetric(spec, (m, path) => {
    if (typeof m.name === 'string') out.push({ name: m.name, ...metricSignature(m), path });
  });
  return out;
}

/** The signature of one `metrics` entry as written (no type means a gauge, as the engine computes it). */
export function metricSignature(m: Record<string, unknown>): MetricSignature {
  const labels = Array.isArray(m.labels)
    ? m.labels.flatMap((l: unknown) => (isObject(l) && typeof l.name === 'string' ? [l.name] : []))
    : [];
  const type = m.type === 'counter' || m.type === 'histogram' ? m.type : 'gauge';
  return { type, labels: [...new Set(labels)].sort() };
}

/** Problems of the declared metrics of a spec the check schemas have accepted. */
export function metricSpecIssues(spec: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const first = new Map<string, DeclaredMetric>();
  for (const m of declaredMetrics(spec)) {
    const reserved = reservedMetricName(m.name);
    if (reserved) {
      issues.push({ path: `${m.path}.name`, message: reserved });
      continue;
    }
    const builtIn = CHECK_TYPE_METRICS[m.name];
    if (builtIn && !sameSignature(builtIn, m))
      issues.push({
        path: `${m.path}.${builtIn.type === m.type ? 'labels' : 'type'}`,
        message: `"${m.name}" is reported by ${builtIn.from} as a ${describeSignature(builtIn)}; declare it the same way or choose another name`,
      });
    const earlier = first.get(m.name);
    if (earlier && !sameSignature(earlier, m))
      issues.push({
        path: `${m.path}.${earlier.type === m.type ? 'labels' : 'type'}`,
        message: `metric "${m.name}" is declared as a ${describeSignature(earlier)} at ${earlier.path}; one name has one type and one set of labels`,
      });
    if (!earlier) first.set(m.name, m);
  }
  issues.push(...expressionIssues(spec));
  return issues;
}

// CEL that does not parse would fail every run: it is refused now (names of variables are only known
// at run time, so this is a syntax check).
function expressionIssues(spec: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const check = (expr: unknown, path: string): void => {
    if (typeof expr !== 'string' || expr.trim() === '') return;
    try {
      parseCel(expr);
    } catch (err) {
      issues.push({ path, message: `invalid CEL expression: ${(err as Error).message}` });
    }
  };
  forEachMetric(spec, (m, path) => {
    check(m.value, `${path}.value`);
    const seen = new Set<string>();
    (Array.isArray(m.labels) ? m.labels : []).forEach((l: unknown, k) => {
      if (!isObject(l)) return;
      if (typeof l.name === 'string' && seen.has(l.name))
        issues.push({ path: joinPath(path, 'labels', k, 'name'), message: `duplicate label "${l.name}"` });
      if (typeof l.name === 'string') seen.add(l.name);
      check(l.valueExpr, joinPath(path, 'labels', k, 'valueExpr'));
    });
  });
  return issues;
}

/** Calls `visit` with every metric object of every check entry and its path (`spec.http[0].metrics[1]`). */
function forEachMetric(spec: Record<string, unknown>, visit: (m: Record<string, unknown>, path: string) => void): void {
  for (const type of checkTypeNames()) {
    const list = spec[type];
    if (!Array.isArray(list)) continue;
    list.forEach((entry: unknown, i) => {
      const metrics = isObject(entry) ? entry.metrics : undefined;
      if (!Array.isArray(metrics)) return;
      metrics.forEach((m: unknown, j) => {
        if (isObject(m)) visit(m, joinPath('spec', type, i, 'metrics', j));
      });
    });
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
