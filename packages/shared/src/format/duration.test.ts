import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.js';

describe('formatDuration (ms < 1000 ≤ s < 60000 ≤ m < 3600000 ≤ h)', () => {
  it('shows durations under 1000 ms in ms', () => {
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(999)).toBe('999ms');
    expect(formatDuration(12.4)).toBe('12ms');
  });
  it('shows durations from 1000 ms and under 60000 in s', () => {
    expect(formatDuration(1000)).toBe('1s');
    expect(formatDuration(1500)).toBe('1.5s');
    expect(formatDuration(59_999)).toBe('60s');
  });
  it('shows durations from 60000 and under 3600000 in m', () => {
    expect(formatDuration(60_000)).toBe('1m');
    expect(formatDuration(90_000)).toBe('1.5m');
    expect(formatDuration(3_599_999)).toBe('60m');
  });
  it('shows 3600000 and more in h', () => {
    expect(formatDuration(3_600_000)).toBe('1h');
    expect(formatDuration(5_400_000)).toBe('1.5h');
    expect(formatDuration(100 * 3_600_000)).toBe('100h');
  });
  it('gives an empty string for missing values and keeps the sign of negative ones', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
    expect(formatDuration(-1500)).toBe('-1.5s');
  });
});
