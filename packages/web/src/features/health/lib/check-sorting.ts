import type { CheckSummary } from '@ops/shared';
import type { CheckGroup, GroupStatus } from './check-grouping';
import type { SortColumn } from './dashboard-params';

const HEALTH_RANK: Record<string, number> = { unhealthy: 0, unknown: 1, healthy: 2 };
const GROUP_RANK: Record<GroupStatus, number> = { bad: 0, mixed: 1, unknown: 2, good: 3 };

/** Uptime as a fraction 0–1, or -1 when there were no runs (sorts before every real figure). */
export function uptimeRatio(uptime: { passed: number; failed: number }): number {
  const total = uptime.passed + uptime.failed;
  return total === 0 ? -1 : uptime.passed / total;
}

const keys = new Map<string, string>();

/**
 * A sort key giving natural, case-insensitive order ('check-2' before 'check-10'): lower case with
 * every number zero-padded. Keys are cached, so sorting 10,000 checks compares plain strings only
 * (Intl collation per comparison costs seconds at that size).
 */
export function naturalKey(text: string): string {
  let key = keys.get(text);
  if (key === undefined) {
    if (keys.size > 100_000) keys.clear();
    key = text.toLowerCase().replace(/\d+/g, (d) => d.padStart(12, '0'));
    keys.set(text, key);
  }
  return key;
}

/** Natural, case-insensitive text order. */
export function byText(a: string, b: string): number {
  const ka = naturalKey(a);
  const kb = naturalKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Comparator of two checks by a dashboard column (ties broken by name). */
export function compareChecks(column: SortColumn): (a: CheckSummary, b: CheckSummary) => number {
  return (a, b) => {
    let d = 0;
    if (column === 'health') d = (HEALTH_RANK[a.status] ?? 1) - (HEALTH_RANK[b.status] ?? 1);
    else if (column === 'uptime') d = uptimeRatio(a.uptime) - uptimeRatio(b.uptime);
    else if (column === 'latency') d = (a.latency.p95 ?? -1) - (b.latency.p95 ?? -1);
    return d || byText(a.name, b.name);
  };
}

/** Comparator of two groups by the same column, on their aggregates (ties broken by label). */
export function compareGroups(column: SortColumn): (a: CheckGroup, b: CheckGroup) => number {
  return (a, b) => {
    let d = 0;
    if (column === 'health') d = GROUP_RANK[a.aggregate.status] - GROUP_RANK[b.aggregate.status];
    else if (column === 'uptime') d = uptimeRatio(a.aggregate.uptime) - uptimeRatio(b.aggregate.uptime);
    else if (column === 'latency') d = (a.aggregate.latency ?? -1) - (b.aggregate.latency ?? -1);
    return d || byText(a.label, b.label);
  };
}

/** Sorted copy; `desc` reverses the whole order (ties included, like a column flip). */
export function sortBy<T>(items: readonly T[], compare: (a: T, b: T) => number, desc: boolean): T[] {
  const out = [...items].sort(compare);
  return desc ? out.reverse() : out;
}
