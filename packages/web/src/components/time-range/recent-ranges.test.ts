import { beforeEach, describe, expect, it } from 'vitest';
import { addRecentRange, loadRecentRanges, rememberRecentRange, type AbsoluteRange } from './recent-ranges';

const range = (day: number): AbsoluteRange => ({
  type: 'absolute',
  display: 'Custom',
  from: `2025-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  to: `2025-01-${String(day).padStart(2, '0')}T12:00:00.000Z`,
});

describe('addRecentRange', () => {
  it('puts the newest first and keeps 5', () => {
    let list: AbsoluteRange[] = [];
    for (let day = 1; day <= 7; day++) list = addRecentRange(list, range(day));
    expect(list.map((r) => r.from.slice(8, 10))).toEqual(['07', '06', '05', '04', '03']);
  });
  it('moves a range used again to the top instead of duplicating it', () => {
    let list = [range(3), range(2), range(1)];
    list = addRecentRange(list, { ...range(1), from: '2025-01-01T00:00:00Z' }); // same instant, other spelling
    expect(list).toHaveLength(3);
    expect(list.map((r) => r.from.slice(8, 10))).toEqual(['01', '03', '02']);
  });
});

describe('stored recent ranges', () => {
  beforeEach(() => window.localStorage.clear());
  it('persists without duplicates in localStorage', () => {
    rememberRecentRange(window.localStorage, range(1));
    rememberRecentRange(window.localStorage, range(2));
    rememberRecentRange(window.localStorage, range(1));
    expect(loadRecentRanges(window.localStorage)).toEqual([range(1), range(2)]);
    expect(JSON.parse(window.localStorage.getItem('recentlyUsedTimeRanges')!)).toHaveLength(2);
  });
  it('ignores malformed storage', () => {
    window.localStorage.setItem('recentlyUsedTimeRanges', '{not json');
    expect(loadRecentRanges(window.localStorage)).toEqual([]);
    window.localStorage.setItem('recentlyUsedTimeRanges', JSON.stringify([{ type: 'relative' }, range(4), 7]));
    expect(loadRecentRanges(window.localStorage)).toEqual([range(4)]);
  });
});
