// A check's `metrics`: each value is a CEL expression over the result, each label a fixed value or
// a CEL `valueExpr`. The host exports them (e.g. to Prometheus); the engine only computes them.
import type { CheckMetric } from '../types.js';
import { evalCel, toExprData } from './expressions.js';

interface MetricSpec {
  name: string;
  type?: 'counter' | 'gauge' | 'histogram';
  value: string;
  labels?: Array<{ name: string; value?: string; valueExpr?: string }>;
}

/** Computes every metric; a failing one is skipped and its error returned for the result. */
export function computeMetrics(
  specs: MetricSpec[] | undefined,
  env: Record<string, unknown>,
): { metrics: CheckMetric[]; errors: string[] } {
  const metrics: CheckMetric[] = [];
  const errors: string[] = [];
  if (!specs?.length) return { metrics, errors };
  const data = toExprData(env) as Record<string, unknown>;
  for (const spec of specs) {
    try {
      const raw = evalCel(spec.value, data);
      const value = Number(raw);
      if (!Number.isFinite(value)) throw new Error(`${String(raw)} is not a number`);
      const labels: Record<string, string> = {};
      for (const l of spec.labels ?? []) labels[l.name] = l.valueExpr ? String(evalCel(l.valueExpr, data)) : String(l.value ?? '');
      metrics.push({ name: spec.name, type: spec.type ?? 'gauge', value, labels });
    } catch (err) {
      errors.push(`metric ${spec.name}: ${(err as Error).message}`);
    }
  }
  return { metrics, errors };
}
