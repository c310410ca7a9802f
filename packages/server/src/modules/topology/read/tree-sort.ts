// Ordering of the cards and their children: by health (HEALTH_ORDER, unhealthy before healthy), name,
// type or a timestamp, then by name and id so equal keys keep one stable order.
import { HEALTH_ORDER, type TopologyTreeQuery } from '@ops/shared';
import type { ComponentRow } from './tree.repository.js';

type SortBy = NonNullable<TopologyTreeQuery['sortBy']>;

const byName = (a: ComponentRow, b: ComponentRow) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const text = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '');

const KEYS: Record<SortBy, (a: ComponentRow, b: ComponentRow) => number> = {
  status: (a, b) => (HEALTH_ORDER[a.health] ?? 0) - (HEALTH_ORDER[b.health] ?? 0),
  name: () => 0,
  type: (a, b) => text(a.type, b.type),
  updated_at: (a, b) => a.updated_ms - b.updated_ms,
  created_at: (a, b) => a.created_ms - b.created_ms,
};

/** The comparator of a sortBy/sortOrder pair (default: status ascending); the name tiebreak is always ascending. */
export function componentOrder(sortBy: SortBy = 'status', sortOrder: 'asc' | 'desc' = 'asc'): (a: ComponentRow, b: ComponentRow) => number {
  const key = KEYS[sortBy];
  const sign = sortOrder === 'desc' ? -1 : 1;
  if (sortBy === 'name') return (a, b) => sign * byName(a, b);
  return (a, b) => sign * key(a, b) || byName(a, b);
}
