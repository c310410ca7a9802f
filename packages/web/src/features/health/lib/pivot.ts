import type { CheckSummary } from '@ops/shared';
import { groupChecks } from './check-grouping';
import { byText, compareChecks, compareGroups, sortBy } from './check-sorting';
import type { SortColumn } from './dashboard-params';

/** Fields a table can be pivoted by; 'labels' pivots by the value of the `pivotLabel` key. */
export const PIVOT_BY_OPTIONS = [
  { value: 'none', label: 'None' },
  { value: 'namespace', label: 'Namespace' },
  { value: 'type', label: 'Type' },
  { value: 'canary_name', label: 'Group Name' },
  { value: 'labels', label: 'Label' },
] as const;

const OTHER = 'other';

/** The pivot column a check falls in ('other' when it has no value for the pivot field). */
export function pivotValue(check: CheckSummary, pivotBy: string, pivotLabel: string | undefined): string {
  if (pivotBy === 'namespace') return check.namespace || 'none';
  if (pivotBy === 'type') return check.type || OTHER;
  if (pivotBy === 'canary_name') return check.canary_name || OTHER;
  if (pivotBy === 'labels') return (pivotLabel && check.labels[pivotLabel]) || OTHER;
  return OTHER;
}

/** A pivot row: checks of one name (or a whole group), split into the pivot columns. */
export interface PivotRow {
  id: string;
  label: string;
  kind: 'group' | 'check';
  depth: 0 | 1;
  cells: Record<string, CheckSummary[]>;
  /** For group rows: whether its member rows follow. */
  expanded?: boolean;
  groupKey?: string;
}

export interface PivotModel {
  columns: string[];
  rows: PivotRow[];
}

function split(checks: readonly CheckSummary[], pivotBy: string, pivotLabel: string | undefined): Record<string, CheckSummary[]> {
  const cells: Record<string, CheckSummary[]> = {};
  for (const c of checks) (cells[pivotValue(c, pivotBy, pivotLabel)] ??= []).push(c);
  return cells;
}

/** Rows by check name: the same check in several namespaces (or clusters) lines up on one row. */
function nameRows(checks: readonly CheckSummary[], opts: PivotOptions, depth: 0 | 1, prefix: string): PivotRow[] {
  const byName = new Map<string, CheckSummary[]>();
  for (const c of sortBy(checks, compareChecks(opts.sortBy), opts.sortDesc)) {
    let list = byName.get(c.name);
    if (!list) byName.set(c.name, (list = []));
    list.push(c);
  }
  return [...byName.entries()].map(([name, list]) => ({
    id: `${prefix}name:${name}`,
    label: name,
    kind: 'check',
    depth,
    cells: split(list, opts.pivotBy, opts.pivotLabel),
  }));
}

export interface PivotOptions {
  pivotBy: string;
  pivotLabel: string | undefined;
  groupBy: string;
  sortBy: SortColumn;
  sortDesc: boolean;
  collapsed: ReadonlySet<string>;
}

/**
 * The pivot table: one column per value of the pivot field ('other' last), rows per check name,
 * grouped like the plain table with group rows that aggregate each column.
 */
export function buildPivot(checks: readonly CheckSummary[], opts: PivotOptions): PivotModel {
  const values = new Set(checks.map((c) => pivotValue(c, opts.pivotBy, opts.pivotLabel)));
  const columns = [...values].filter((v) => v !== OTHER).sort(byText);
  if (values.has(OTHER)) columns.push(OTHER);
  const groups = groupChecks(checks, opts.groupBy);
  if (!groups) return { columns, rows: nameRows(checks, opts, 0, '') };
  const rows: PivotRow[] = [];
  for (const group of sortBy(groups, compareGroups(opts.sortBy), opts.sortDesc)) {
    const expanded = !opts.collapsed.has(group.key);
    rows.push({
      id: `group:${group.key}`,
      label: group.label,
      kind: 'group',
      depth: 0,
      cells: split(group.checks, opts.pivotBy, opts.pivotLabel),
      expanded,
      groupKey: group.key,
    });
    if (expanded) rows.push(...nameRows(group.checks, opts, 1, `${group.key}/`));
  }
  return { columns, rows };
}
