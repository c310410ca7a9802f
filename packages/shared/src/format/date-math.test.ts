import { describe, expect, it } from 'vitest';
import { parseDateMath } from './date-math.js';
import { MAPPED_TIME_RANGES, resolveMappedRange } from './mapped-range.js';
import { resolveTimeRange } from './resolve-time-range.js';

// Local-time constructors keep these tests independent of the machine's time zone.
const now = new Date(2025, 5, 18, 14, 30, 15, 500); // Wednesday 18 June 2025, 14:30:15.500

describe('parseDateMath', () => {
  it('adds and subtracts every unit', () => {
    expect(parseDateMath('now', now)).toEqual(now);
    expect(parseDateMath('now-2d', now)).toEqual(new Date(2025, 5, 16, 14, 30, 15, 500));
    expect(parseDateMath('now+5m', now)).toEqual(new Date(2025, 5, 18, 14, 35, 15, 500));
    expect(parseDateMath('now-1M', now)).toEqual(new Date(2025, 4, 18, 14, 30, 15, 500));
    expect(parseDateMath('now-1y', now)).toEqual(new Date(2024, 5, 18, 14, 30, 15, 500));
    expect(parseDateMath('now-1w', now)).toEqual(new Date(2025, 5, 11, 14, 30, 15, 500));
    expect(parseDateMath('now-500ms', now)).toEqual(new Date(2025, 5, 18, 14, 30, 15, 0));
    expect(parseDateMath('now-1h-30m', now)).toEqual(new Date(2025, 5, 18, 13, 0, 15, 500));
  });
  it('rounds down, or up for the end of a range', () => {
    expect(parseDateMath('now/d', now)).toEqual(new Date(2025, 5, 18));
    expect(parseDateMath('now/d', now, true)).toEqual(new Date(2025, 5, 18, 23, 59, 59, 999));
    expect(parseDateMath('now/w', now)).toEqual(new Date(2025, 5, 16)); // Monday
    expect(parseDateMath('now-1M/M', now)).toEqual(new Date(2025, 4, 1));
    expect(parseDateMath('now-1M/M', now, true)).toEqual(new Date(2025, 4, 31, 23, 59, 59, 999));
    expect(parseDateMath('now/y', now)).toEqual(new Date(2025, 0, 1));
  });
  it('takes ISO dates as absolute and rejects the rest', () => {
    expect(parseDateMath('2025-01-02T03:04:05Z', now)).toEqual(new Date(Date.UTC(2025, 0, 2, 3, 4, 5)));
    for (const bad of ['', 'now-', 'now-2x', 'now-d', 'yesterday', '12', 'now/', 'now-1h junk']) {
      expect(parseDateMath(bad, now)).toBeUndefined();
    }
  });
});

describe('mapped ranges', () => {
  it('resolves every mapped range to a from before its to', () => {
    for (const { display } of MAPPED_TIME_RANGES) {
      const r = resolveMappedRange(display, now)!;
      expect(r.from.getTime(), display).toBeLessThanOrEqual(r.to.getTime());
    }
  });
  it('resolves Yesterday and This week so far', () => {
    expect(resolveMappedRange('Yesterday', now)).toEqual({
      from: new Date(2025, 5, 17),
      to: new Date(2025, 5, 17, 23, 59, 59, 999),
    });
    expect(resolveMappedRange('This week so far', now)).toEqual({ from: new Date(2025, 5, 16), to: now });
    expect(resolveMappedRange('Next decade', now)).toBeUndefined();
  });
});

describe('resolveTimeRange', () => {
  it('resolves relative, mapped and absolute ranges', () => {
    expect(resolveTimeRange({ type: 'relative', range: 'now-2d', display: '2 days' }, now)).toEqual({
      from: new Date(2025, 5, 16, 14, 30, 15, 500),
      to: now,
    });
    expect(resolveTimeRange({ type: 'mapped', display: 'Today' }, now).from).toEqual(new Date(2025, 5, 18));
    const abs = resolveTimeRange({ type: 'absolute', display: 'Custom', from: '2025-01-01T00:00:00Z', to: '2025-01-02T00:00:00Z' }, now);
    expect(abs.to.getTime() - abs.from.getTime()).toBe(86_400_000);
  });
  it('throws the spec texts for bad ranges', () => {
    expect(() => resolveTimeRange({ type: 'relative', range: 'now-2x', display: '' }, now)).toThrow('Invalid relative time range');
    expect(() => resolveTimeRange({ type: 'mapped', display: 'Someday' }, now)).toThrow('Invalid mapped time range');
    expect(() => resolveTimeRange({ type: 'absolute', display: 'Custom', from: 'x', to: 'now' }, now)).toThrow(/bad "from" value 'x'/);
  });
});
