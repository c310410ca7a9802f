import { describe, expect, it } from 'vitest';
import { clampPageNumber, nextSort, pageCount, rangeLabel, readTableState, toPostgrestParams } from './table-state';

const names = { pageIndex: 'p', pageSize: 's', sortBy: 'by', sortOrder: 'dir' };

describe('readTableState', () => {
  it('reads configured param names', () => {
    const state = readTableState(new URLSearchParams('p=2&s=100&by=name&dir=asc'), names);
    expect(state).toEqual({ pageIndex: 2, pageSize: 100, sortBy: 'name', sortOrder: 'asc' });
  });

  it('falls back to defaults for missing or garbage values', () => {
    const state = readTableState(new URLSearchParams('p=-1&s=abc&dir=sideways'), names, {
      pageSize: 150,
      sortBy: 'created_at',
      sortOrder: 'desc',
    });
    expect(state).toEqual({ pageIndex: 0, pageSize: 150, sortBy: 'created_at', sortOrder: 'desc' });
  });

  it('defaults to pageIndex 0 and pageSize 50', () => {
    expect(readTableState(new URLSearchParams())).toMatchObject({ pageIndex: 0, pageSize: 50 });
  });
});

describe('paging maths', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(undefined, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(1234, 50)).toBe(25);
  });

  it('clamps a typed page number to 1..pages', () => {
    expect(clampPageNumber('0', 5)).toBe(1);
    expect(clampPageNumber('-3', 5)).toBe(1);
    expect(clampPageNumber('9', 5)).toBe(5);
    expect(clampPageNumber('3', 5)).toBe(3);
    expect(clampPageNumber('', 5)).toBeUndefined();
  });

  it('maps state to limit/offset/order', () => {
    expect(toPostgrestParams({ pageIndex: 3, pageSize: 50, sortBy: 'created_at', sortOrder: 'desc' })).toEqual({
      limit: '50',
      offset: '150',
      order: 'created_at.desc',
    });
    expect(toPostgrestParams({ pageIndex: 0, pageSize: 10, sortBy: undefined, sortOrder: 'asc' })).toEqual({
      limit: '10',
      offset: '0',
    });
  });

  it('flips the order of the sorted column and starts a new column with the given order', () => {
    const state = { pageIndex: 0, pageSize: 50, sortBy: 'name', sortOrder: 'asc' as const };
    expect(nextSort(state, 'name')).toEqual({ sortBy: 'name', sortOrder: 'desc' });
    expect(nextSort(state, 'status')).toEqual({ sortBy: 'status', sortOrder: 'asc' });
    expect(nextSort(state, 'status', 'desc')).toEqual({ sortBy: 'status', sortOrder: 'desc' });
  });

  it('labels the visible range', () => {
    expect(rangeLabel({ pageIndex: 1, pageSize: 50, sortBy: undefined, sortOrder: 'asc' }, 50, 120)).toBe('51–100 of 120');
    expect(rangeLabel({ pageIndex: 0, pageSize: 50, sortBy: undefined, sortOrder: 'asc' }, 0, 0)).toBe('0 of 0');
  });
});
