import { HEALTH_ORDER, type TopologyComponent } from '@ops/shared';

export const SORT_FIELDS = ['status', 'name', 'type', 'updated_at', 'created_at'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';
export interface TopologySort {
  sortBy: SortField;
  sortOrder: SortOrder;
}
export const DEFAULT_SORT: TopologySort = { sortBy: 'status', sortOrder: 'asc' };
export const SORT_LABELS: Record<SortField, string> = {
  status: 'Status',
  name: 'Name',
  type: 'Type',
  updated_at: 'Last updated',
  created_at: 'Created',
};

/** The rank of a component's health: unhealthy 1, warning 2, healthy 3, info 4, anything else 0. */
export function healthRank(health: string | null | undefined): number {
  return HEALTH_ORDER[(health ?? '').toLowerCase()] ?? 0;
}

function compareText(a: string | null | undefined, b: string | null | undefined): number {
  return (a ?? '').localeCompare(b ?? '', undefined, { sensitivity: 'base', numeric: true });
}

/** Components in the chosen order; ties fall back to the name so the order is stable. */
export function sortComponents<T extends Pick<TopologyComponent, 'name' | 'health' | 'status' | 'type' | 'updated_at' | 'created_at'>>(
  list: readonly T[],
  sort: TopologySort,
): T[] {
  const dir = sort.sortOrder === 'desc' ? -1 : 1;
  const primary = (a: T, b: T): number => {
    switch (sort.sortBy) {
      case 'status':
        return healthRank(a.health || a.status) - healthRank(b.health || b.status);
      case 'type':
        return compareText(a.type, b.type);
      case 'updated_at':
        return compareText(a.updated_at, b.updated_at);
      case 'created_at':
        return compareText(a.created_at, b.created_at);
      default:
        return compareText(a.name, b.name);
    }
  };
  return [...list].sort((a, b) => primary(a, b) * dir || compareText(a.name, b.name));
}

/** A sort read from the URL or storage; unknown values fall back to the default. */
export function parseSort(sortBy: string | null | undefined, sortOrder: string | null | undefined): TopologySort | undefined {
  if (!sortBy && !sortOrder) return undefined;
  const by = (SORT_FIELDS as readonly string[]).includes(sortBy ?? '') ? (sortBy as SortField) : DEFAULT_SORT.sortBy;
  const order: SortOrder = sortOrder === 'desc' ? 'desc' : 'asc';
  return { sortBy: by, sortOrder: order };
}
