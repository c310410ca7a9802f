import { describe, expect, it } from 'vitest';
import { parseSort, sortComponents } from './health-sort';

const row = (name: string, health: string, type = 't') => ({ name, health, status: health, type, updated_at: '', created_at: '' });

describe('component sort', () => {
  it('orders by health rank (unhealthy, warning, healthy) ascending, names breaking ties', () => {
    const list = [row('b', 'healthy'), row('a', 'healthy'), row('c', 'unhealthy'), row('d', 'warning')];
    expect(sortComponents(list, { sortBy: 'status', sortOrder: 'asc' }).map((r) => r.name)).toEqual(['c', 'd', 'a', 'b']);
    expect(sortComponents(list, { sortBy: 'status', sortOrder: 'desc' }).map((r) => r.name)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('sorts by name and type, and falls back to defaults for unknown values', () => {
    const list = [row('b', 'healthy', 'z'), row('a', 'healthy', 'y')];
    expect(sortComponents(list, { sortBy: 'name', sortOrder: 'asc' }).map((r) => r.name)).toEqual(['a', 'b']);
    expect(sortComponents(list, { sortBy: 'type', sortOrder: 'desc' }).map((r) => r.name)).toEqual(['b', 'a']);
    expect(parseSort('bogus', 'desc')).toEqual({ sortBy: 'status', sortOrder: 'desc' });
    expect(parseSort(null, null)).toBeUndefined();
  });
});
