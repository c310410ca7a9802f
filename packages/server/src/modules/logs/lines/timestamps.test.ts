import { describe, expect, it } from 'vitest';
import { toLogLine } from './log-line.js';
import { referenceYear, timestampFromValue, yearlessTimestamp } from './timestamps.js';

describe('timestampFromValue', () => {
  it('keeps ISO text and rejects text that is no time', () => {
    expect(timestampFromValue('2026-03-13T09:02:52.5+01:00')).toBe('2026-03-13T09:02:52.5+01:00');
    expect(timestampFromValue('yesterday-ish')).toBeUndefined();
    expect(timestampFromValue('')).toBeUndefined();
  });

  it('reads epoch numbers in seconds, milliseconds, microseconds and nanoseconds', () => {
    const iso = '2024-03-13T09:02:52.500Z';
    expect(timestampFromValue(1710320572.5)).toBe(iso);
    expect(timestampFromValue(1710320572500)).toBe(iso);
    expect(timestampFromValue(1710320572500000)).toBe(iso);
    expect(timestampFromValue('1710320572500000000')).toBe(iso);
  });

  it('rejects zero, negatives, booleans and objects', () => {
    expect(timestampFromValue(0)).toBeUndefined();
    expect(timestampFromValue(-5)).toBeUndefined();
    expect(timestampFromValue(true)).toBeUndefined();
    expect(timestampFromValue({ t: 1 })).toBeUndefined();
  });
});

describe('year-less stamps', () => {
  it('builds UTC ISO text, keeping microseconds', () => {
    expect(yearlessTimestamp(2026, 3, 13, '09:02:52', '532517')).toBe('2026-03-13T09:02:52.532517Z');
    expect(yearlessTimestamp(2026, 3, 5, '10:30:45')).toBe('2026-03-05T10:30:45Z');
    expect(yearlessTimestamp(2026, 3, 5, '10:30:45', '5')).toBe('2026-03-05T10:30:45.500Z');
  });

  it('refuses impossible dates and times', () => {
    expect(yearlessTimestamp(2026, 2, 29, '10:00:00')).toBeUndefined();
    expect(yearlessTimestamp(2024, 2, 29, '10:00:00')).toBe('2024-02-29T10:00:00Z');
    expect(yearlessTimestamp(2026, 4, 31, '10:00:00')).toBeUndefined();
    expect(yearlessTimestamp(2026, 13, 1, '10:00:00')).toBeUndefined();
    expect(yearlessTimestamp(2026, 1, 1, '24:00:00')).toBeUndefined();
    expect(yearlessTimestamp(2026, 1, 1, '10:61:00')).toBeUndefined();
  });

  it('takes the year from the line, else from the clock', () => {
    expect(referenceYear(toLogLine({ firstObserved: '2019-12-31T23:00:00Z' }))).toBe(2019);
    expect(referenceYear(toLogLine({}), () => Date.UTC(2031, 5, 1))).toBe(2031);
  });
});
