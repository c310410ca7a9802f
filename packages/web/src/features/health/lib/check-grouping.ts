import type { CheckSummary } from '@ops/shared';
import { NO_GROUPING } from './dashboard-params';

/**
 * Group status: good when every member is healthy, bad when every member is unhealthy, unknown when no
 * member has a result yet (never ran), mixed otherwise.
 */
export type GroupStatus = 'good' | 'mixed' | 'bad' | 'unknown';

export interface GroupAggregate {
  status: GroupStatus;
  uptime: { passed: number; failed: number };
  /** Slowest p95 among the members, ms (undefined when none has run). */
  latency: number | undefined;
  healthy: number;
  unhealthy: number;
}

export interface CheckGroup {
  key: string;
  label: string;
  checks: CheckSummary[];
  aggregate: GroupAggregate;
}

const NONE = '(none)';

/** The value a check is grouped under: a built-in field or a label (checks without it go to 'Others'). */
export function groupValue(check: CheckSummary, groupBy: string): string {
  switch (groupBy) {
    case 'canary_name':
      return check.canary_name || NONE;
    case 'name':
      return check.name || NONE;
    case 'description':
      return check.description || NONE;
    case 'type':
      return check.type || NONE;
    default:
      return check.labels[groupBy] ?? 'Others';
  }
}

/** good / mixed / bad / unknown from the members' health. */
export function groupStatus(checks: readonly Pick<CheckSummary, 'status'>[]): GroupStatus {
  const healthy = checks.filter((c) => c.status === 'healthy').length;
  const unhealthy = checks.filter((c) => c.status === 'unhealthy').length;
  if (checks.length > 0 && healthy === checks.length) return 'good';
  if (checks.length > 0 && unhealthy === checks.length) return 'bad';
  if (healthy + unhealthy === 0) return 'unknown';
  return 'mixed';
}

/** Totals of a set of checks: summed uptime, worst p95 latency, status counts and group status. */
export function aggregateChecks(checks: readonly CheckSummary[]): GroupAggregate {
  let passed = 0;
  let failed = 0;
  let latency: number | undefined;
  let healthy = 0;
  let unhealthy = 0;
  for (const c of checks) {
    passed += c.uptime.passed;
    failed += c.uptime.failed;
    const p95 = c.latency.p95;
    if (p95 !== undefined && (latency === undefined || p95 > latency)) latency = p95;
    if (c.status === 'healthy') healthy++;
    else if (c.status === 'unhealthy') unhealthy++;
  }
  return { status: groupStatus(checks), uptime: { passed, failed }, latency, healthy, unhealthy };
}

/**
 * Groups checks by `groupBy` (undefined for 'no-group'), in order of first appearance; each group
 * carries its aggregate for the group row.
 */
export function groupChecks(checks: readonly CheckSummary[], groupBy: string): CheckGroup[] | undefined {
  if (groupBy === NO_GROUPING) return undefined;
  const map = new Map<string, CheckSummary[]>();
  for (const c of checks) {
    const key = groupValue(c, groupBy);
    let list = map.get(key);
    if (!list) map.set(key, (list = []));
    list.push(c);
  }
  return [...map.entries()].map(([key, list]) => ({ key, label: key, checks: list, aggregate: aggregateChecks(list) }));
}
