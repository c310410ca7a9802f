import { describe, expect, it } from 'vitest';
import { readTimeRange, timeRangeKey, writeTimeRange } from './time-range-params';

const qs = (s: string) => new URLSearchParams(s);

describe('readTimeRange', () => {
  it('reads absolute, relative and mapped ranges', () => {
    expect(readTimeRange(qs('rangeType=absolute&display=Custom&from=2025-01-01T00:00:00.000Z&to=2025-01-02T00:00:00.000Z'))).toEqual({
      type: 'absolute',
      display: 'Custom',
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-01-02T00:00:00.000Z',
    });
    expect(readTimeRange(qs('rangeType=relative&display=Last+2+days&range=now-2d'))).toEqual({
      type: 'relative',
      display: 'Last 2 days',
      range: 'now-2d',
    });
    expect(readTimeRange(qs('rangeType=mapped&display=Yesterday&timeRange=Yesterday'))).toEqual({ type: 'mapped', display: 'Yesterday' });
  });
  it('derives a missing display and accepts the short timeRange=1h form', () => {
    expect(readTimeRange(qs('rangeType=relative&range=now-6h'))).toMatchObject({ display: 'Last 6 hours' });
    expect(readTimeRange(qs('timeRange=1h'))).toEqual({ type: 'relative', display: 'Last 1 hour', range: 'now-1h' });
  });
  it('gives undefined for incomplete or unknown params', () => {
    expect(readTimeRange(qs(''))).toBeUndefined();
    expect(readTimeRange(qs('rangeType=absolute&from=2025-01-01'))).toBeUndefined();
    expect(readTimeRange(qs('rangeType=relative'))).toBeUndefined();
    expect(readTimeRange(qs('rangeType=weird&range=now-1h'))).toBeUndefined();
    expect(readTimeRange(qs('timeRange=Yesterday'))).toBeUndefined();
  });
});

describe('writeTimeRange', () => {
  it('writes only the params of the kind and keeps unrelated ones', () => {
    const start = qs('pageIndex=2&rangeType=absolute&display=Custom&from=a&to=b');
    const next = writeTimeRange(start, { type: 'relative', range: 'now-1h', display: 'Last 1 hour' });
    expect(next.toString()).toBe('pageIndex=2&rangeType=relative&display=Last+1+hour&range=now-1h');
    const mapped = writeTimeRange(next, { type: 'mapped', display: 'Today' });
    expect(mapped.toString()).toBe('pageIndex=2&rangeType=mapped&display=Today&timeRange=Today');
    expect(start.get('from')).toBe('a'); // the input is not mutated
  });
  it('removes every range param when cleared and round-trips with a prefix', () => {
    expect(writeTimeRange(qs('rangeType=mapped&display=Today&timeRange=Today&q=x'), undefined).toString()).toBe('q=x');
    const range = { type: 'absolute' as const, display: 'Custom', from: '2025-01-01T00:00:00.000Z', to: '2025-01-02T00:00:00.000Z' };
    const written = writeTimeRange(qs('rangeType=relative&range=now-1h'), range, 'h_');
    expect(written.get('rangeType')).toBe('relative');
    expect(written.get('h_from')).toBe(range.from);
    expect(readTimeRange(written, 'h_')).toEqual(range);
    expect(timeRangeKey(readTimeRange(written, 'h_'))).toBe(timeRangeKey(range));
  });
});
