import { describe, expect, it } from 'vitest';
import { timePoint } from './time-point.js';

const now = new Date('2025-03-10T12:00:00Z');

describe('timePoint', () => {
  it('reads durations as "that long ago", date math and ISO', () => {
    expect(timePoint('from', '2d', now).toISOString()).toBe('2025-03-08T12:00:00.000Z');
    expect(timePoint('from', 'now-2h', now).toISOString()).toBe('2025-03-10T10:00:00.000Z');
    expect(timePoint('from', '2025-01-01T00:00:00Z', now).toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });

  it('refuses anything else naming the field', () => {
    expect(() => timePoint('to', 'yesterday', now)).toThrow(/^to: 'yesterday' is not a time/);
  });
});
