import type { UserRow } from '@ops/shared';
import { userName } from './users-api';

const KEYS: Record<string, (u: UserRow) => string> = {
  name: (u) => userName(u).toLowerCase(),
  email: (u) => (u.email ?? u.traits.email ?? '').toLowerCase(),
  state: (u) => u.state,
  created_at: (u) => u.created_at,
};

/** The users sorted by a column of the table (name when unknown), ascending or descending. */
export function sortUsers(users: readonly UserRow[], sortBy: string | undefined, order: 'asc' | 'desc'): UserRow[] {
  const key = KEYS[sortBy ?? 'name'] ?? KEYS.name!;
  const sign = order === 'desc' ? -1 : 1;
  return [...users].sort((a, b) => sign * key(a).localeCompare(key(b)));
}
