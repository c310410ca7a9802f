import { connectionTypeInfo, type ConnectionView } from '@ops/shared';
import { sourceLabel } from './connection-source';

const KEYS: Record<string, (c: ConnectionView) => string> = {
  name: (c) => c.name.toLowerCase(),
  type: (c) => (connectionTypeInfo(c.type)?.label ?? c.type).toLowerCase(),
  namespace: (c) => c.namespace,
  source: (c) => sourceLabel(c.source).toLowerCase(),
  created_by: (c) => c.created_by?.name.toLowerCase() ?? '',
  created_at: (c) => c.created_at,
  updated_at: (c) => c.updated_at,
};

/** The connections sorted by a column of the table (newest first when the column is unknown). */
export function sortConnections(rows: readonly ConnectionView[], sortBy: string | undefined, order: 'asc' | 'desc'): ConnectionView[] {
  const key = KEYS[sortBy ?? 'created_at'] ?? KEYS.created_at!;
  const sign = order === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => sign * key(a).localeCompare(key(b)));
}
