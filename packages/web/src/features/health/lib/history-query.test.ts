import { describe, expect, it } from 'vitest';
import { DURATION_UNIT_ERROR, historyParams, parseHistoryDuration } from './history-query';

describe('status history filters', () => {
  it('accepts All and values in ms or s only', () => {
    expect(parseHistoryDuration('All')).toEqual({});
    expect(parseHistoryDuration('')).toEqual({});
    expect(parseHistoryDuration('100ms')).toEqual({ ms: 100 });
    expect(parseHistoryDuration('1s')).toEqual({ ms: 1000 });
    expect(parseHistoryDuration('2.5s')).toEqual({ ms: 2500 });
    for (const bad of ['2m', '1h', 'abc', '10', 's']) expect(parseHistoryDuration(bad)).toEqual({ error: DURATION_UNIT_ERROR });
    expect(DURATION_UNIT_ERROR).toBe('duration is allowed only in milli seconds & seconds');
  });

  it('builds the PostgREST query of the history tab', () => {
    const now = new Date('2024-05-01T12:00:00Z');
    expect(historyParams({ checkId: 'c', status: '0', durationMs: 500, rangeMs: 3_600_000, pageIndex: 2, pageSize: 50 }, now)).toEqual({
      check_id: 'eq.c',
      order: 'time.desc',
      limit: '50',
      offset: '100',
      time: 'gt.2024-05-01T11:00:00.000Z',
      status: 'eq.0',
      duration: 'gte.500',
    });
    expect(
      historyParams({ checkId: 'c', status: 'all', durationMs: undefined, rangeMs: undefined, pageIndex: 0, pageSize: 100 }, now),
    ).toEqual({
      check_id: 'eq.c',
      order: 'time.desc',
      limit: '100',
      offset: '0',
    });
  });
});
