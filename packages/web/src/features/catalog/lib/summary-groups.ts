import type { AnalysisCounts, CatalogSummaryRow, HealthCounts } from '@ops/shared';
import { encodeConfigType, LABEL_FILTER_SEPARATOR, TAG_GROUP_SUFFIX } from '@ops/shared';

/** A group header of the summary table: the rows sharing the first groupBy values, with their totals. */
export interface SummaryGroup {
  key: string;
  column: string;
  value: string | null;
  depth: number;
  count: number;
  health: HealthCounts;
  analysis: AnalysisCounts;
  changes: number;
  cost_total_30d: number;
  children: SummaryNode[];
}

export interface SummaryLeaf {
  key: string;
  depth: number;
  row: CatalogSummaryRow;
  isFavorite: boolean;
}

export type SummaryNode = { kind: 'group'; group: SummaryGroup } | { kind: 'leaf'; leaf: SummaryLeaf };

const emptyHealth = (): HealthCounts => ({ healthy: 0, unhealthy: 0, warning: 0, unknown: 0 });

function addInto(group: SummaryGroup, row: CatalogSummaryRow): void {
  group.count += row.count;
  group.changes += row.changes;
  group.cost_total_30d += row.cost_total_30d;
  for (const k of Object.keys(group.health) as (keyof HealthCounts)[]) group.health[k] += row.health[k];
  for (const [k, n] of Object.entries(row.analysis)) {
    const key = k as keyof AnalysisCounts;
    group.analysis[key] = (group.analysis[key] ?? 0) + (n ?? 0);
  }
}

/** The value of a row for one groupBy entry ('(none)' shows for null). */
export function groupValue(row: CatalogSummaryRow, column: string): string | null {
  return row.group[column] ?? (column === 'type' ? (row.type ?? null) : null);
}

function compareValues(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a.localeCompare(b);
}

/**
 * Nests summary rows under group headers for every groupBy entry but the last (the table groups by the
 * first ones and lists the last). Favourite types sort first within a group, then by value.
 */
export function buildSummaryTree(
  rows: readonly CatalogSummaryRow[],
  groupBy: readonly string[],
  favorites: ReadonlySet<string>,
): SummaryNode[] {
  const last = groupBy.at(-1) ?? 'type';
  const levels = groupBy.slice(0, -1);
  const build = (list: readonly CatalogSummaryRow[], depth: number, prefix: string): SummaryNode[] => {
    const column = levels[depth];
    if (column === undefined) {
      return [...list]
        .map((row) => ({ row, isFavorite: favorites.has(row.type ?? groupValue(row, 'type') ?? '') }))
        .sort((a, b) => Number(b.isFavorite) - Number(a.isFavorite) || compareValues(groupValue(a.row, last), groupValue(b.row, last)))
        .map(({ row, isFavorite }) => ({
          kind: 'leaf' as const,
          leaf: { key: `${prefix}/${groupValue(row, last) ?? ''}`, depth, row, isFavorite },
        }));
    }
    const byValue = new Map<string | null, CatalogSummaryRow[]>();
    for (const row of list) {
      const v = groupValue(row, column);
      byValue.set(v, [...(byValue.get(v) ?? []), row]);
    }
    return [...byValue.entries()]
      .sort(([a], [b]) => compareValues(a, b))
      .map(([value, members]) => {
        const key = `${prefix}/${column}=${value ?? ''}`;
        const group: SummaryGroup = {
          key,
          column,
          value,
          depth,
          count: 0,
          health: emptyHealth(),
          analysis: {},
          changes: 0,
          cost_total_30d: 0,
          children: build(members, depth + 1, key),
        };
        for (const row of members) addInto(group, row);
        return { kind: 'group' as const, group };
      });
  };
  return build(rows, 0, '');
}

/** The rows to draw: group headers, and the children of expanded groups only. */
export function visibleSummaryNodes(tree: readonly SummaryNode[], expanded: ReadonlySet<string>): SummaryNode[] {
  const out: SummaryNode[] = [];
  const walk = (nodes: readonly SummaryNode[]): void => {
    for (const node of nodes) {
      out.push(node);
      if (node.kind === 'group' && expanded.has(node.group.key)) walk(node.group.children);
    }
  };
  walk(tree);
  return out;
}

/** Every group key (to expand all). */
export function allGroupKeys(tree: readonly SummaryNode[]): string[] {
  return tree.flatMap((n) => (n.kind === 'group' ? [n.group.key, ...allGroupKeys(n.group.children)] : []));
}

/**
 * The URL params a summary row click sets: configType from the type, labels from label-key
 * groupings, tags from `__tag` groupings, health/status from those groupings; groupBy is cleared.
 */
export function rowClickParams(row: CatalogSummaryRow, groupBy: readonly string[], current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete('groupBy');
  next.delete('labels');
  next.delete('tags');
  const labels: string[] = [];
  const tags: string[] = [];
  for (const column of groupBy) {
    const value = groupValue(row, column);
    if (value === null) continue;
    if (column === 'type') next.set('configType', encodeConfigType(value));
    else if (column === 'health' || column === 'status') next.set(column, `${value}:1`);
    else if (column === 'config_class' || column === 'agent_id' || column === 'scraper_id') continue;
    else if (column.endsWith(TAG_GROUP_SUFFIX)) tags.push(`${column.slice(0, -TAG_GROUP_SUFFIX.length)}${LABEL_FILTER_SEPARATOR}${value}`);
    else labels.push(`${column}${LABEL_FILTER_SEPARATOR}${value}`);
  }
  if (labels.length) next.set('labels', labels.join(','));
  if (tags.length) next.set('tags', tags.join(','));
  return next;
}
