import { describe, expect, it } from 'vitest';
import { formatRunDuration, runDurationMs, runQueuedMs } from './run-times';

const T0 = Date.parse('2026-01-01T00:00:00Z');

describe('run times', () => {
  it('measures start to end, or start to now while running', () => {
    const run = { start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-01T00:00:02.500Z' };
    expect(runDurationMs(run)).toBe(2500);
    expect(runDurationMs({ start_time: '2026-01-01T00:00:00Z', end_time: null }, T0 + 90_000)).toBe(90_000);
    expect(runDurationMs({ start_time: null, end_time: null })).toBeUndefined();
  });

  it('measures the queue from creation to start', () => {
    const run = { created_at: '2026-01-01T00:00:00Z', start_time: '2026-01-01T00:00:00.300Z', end_time: null };
    expect(runQueuedMs(run)).toBe(300);
    expect(runQueuedMs({ created_at: '2026-01-01T00:00:00Z', start_time: null, end_time: null }, T0 + 5000)).toBe(5000);
  });

  it('formats durations for display and nothing for none', () => {
    expect(formatRunDuration(2500)).toBe('2.5s');
    expect(formatRunDuration(undefined)).toBe('');
  });
});
