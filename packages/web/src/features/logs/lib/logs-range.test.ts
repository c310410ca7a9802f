import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGS_START, paramsFromRange, rangeFromParams, rangeStartDate } from './logs-range';

describe('logs time range in the URL', () => {
  it('defaults to the last 2 days and writes nothing for it', () => {
    const range = rangeFromParams(null, null);
    expect(range).toEqual({ type: 'relative', range: DEFAULT_LOGS_START, display: 'Last 2 days' });
    expect(paramsFromRange(range)).toEqual({ start: undefined, end: undefined });
  });

  it('reads relative starts in both spellings and absolute ranges, and writes them back', () => {
    expect(rangeFromParams('now-6h', null)).toMatchObject({ type: 'relative', range: 'now-6h' });
    expect(rangeFromParams('6h', null)).toMatchObject({ type: 'relative', range: 'now-6h' });
    const abs = rangeFromParams('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z');
    expect(abs).toEqual({ type: 'absolute', display: 'Custom', from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' });
    expect(paramsFromRange(abs)).toEqual({ start: '2026-01-01T00:00:00.000Z', end: '2026-01-02T00:00:00.000Z' });
    expect(paramsFromRange(rangeFromParams('now-6h', null))).toEqual({ start: 'now-6h', end: undefined });
  });

  it('falls back to the default for text that is not a range', () => {
    expect(rangeFromParams('yesterday-ish', null)).toMatchObject({ range: DEFAULT_LOGS_START });
  });

  it('knows when a range starts', () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    expect(rangeStartDate(rangeFromParams('now-1h', null), now).toISOString()).toBe('2026-03-10T11:00:00.000Z');
    expect(rangeStartDate(rangeFromParams('2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'), now).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });
});
