import type { CheckSummary } from '@ops/shared';
import { groupChecks, type CheckGroup } from './check-grouping';
import { compareChecks, compareGroups, sortBy } from './check-sorting';
import type { SortColumn } from './dashboard-params';

/** One line of the dashboard table: a group header or a check (depth 1 inside an expanded group). */
export type HealthRow =
  | { kind: 'group'; id: string; group: CheckGroup; expanded: boolean }
  | { kind: 'check'; id: string; check: CheckSummary; depth: 0 | 1 };

export interface RowOptions {
  groupBy: string;
  sortBy: SortColumn;
  sortDesc: boolean;
  /** Keys of groups the user folded; every other group shows its checks. */
  collapsed: ReadonlySet<string>;
}

/**
 * The table's rows: checks grouped, groups and members sorted by the same column, then flattened.
 * A group of one shows as its check alone (a header for a single line only adds noise).
 */
export function buildRows(checks: readonly CheckSummary[], opts: RowOptions): HealthRow[] {
  const byCheck = compareChecks(opts.sortBy);
  const groups = groupChecks(checks, opts.groupBy);
  if (!groups) return sortBy(checks, byCheck, opts.sortDesc).map((check) => ({ kind: 'check', id: check.id, check, depth: 0 }));
  const rows: HealthRow[] = [];
  for (const group of sortBy(groups, compareGroups(opts.sortBy), opts.sortDesc)) {
    if (group.checks.length === 1) {
      const check = group.checks[0]!;
      rows.push({ kind: 'check', id: check.id, check, depth: 0 });
      continue;
    }
    const expanded = !opts.collapsed.has(group.key);
    rows.push({ kind: 'group', id: `group:${group.key}`, group, expanded });
    if (!expanded) continue;
    for (const check of sortBy(group.checks, byCheck, opts.sortDesc)) rows.push({ kind: 'check', id: check.id, check, depth: 1 });
  }
  return rows;
}

/** Passing and failing counts of what the API returned (the header). */
export function statusCounts(checks: readonly CheckSummary[]): { passing: number; failing: number } {
  let passing = 0;
  let failing = 0;
  for (const c of checks) {
    if (c.status === 'healthy') passing++;
    else if (c.status === 'unhealthy') failing++;
  }
  return { passing, failing };
}
