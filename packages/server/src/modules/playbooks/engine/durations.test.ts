import { describe, expect, it } from 'vitest';
import { durationMs, literalDurationMs, retryBackoffMs } from './durations.js';

describe('durations', () => {
  it('reads Go durations, days and weeks', () => {
    expect(literalDurationMs('90s')).toBe(90_000);
    expect(literalDurationMs('1h30m')).toBe(5_400_000);
    expect(literalDurationMs('2d')).toBe(172_800_000);
    expect(literalDurationMs('0')).toBe(0);
    expect(literalDurationMs('params.delay')).toBeUndefined();
  });

  it('evaluates CEL when the text is not a literal, naming the field on failure', () => {
    expect(durationMs('delay', 'params.delay', () => '5s')).toBe(5_000);
    expect(durationMs('delay', 'x', () => 2)).toBe(2_000);
    expect(durationMs('delay', 'x', () => '')).toBe(0);
    expect(() => durationMs('delay', 'x', () => 'soon')).toThrow(/delay: 'x' gave "soon"/);
    expect(() =>
      durationMs('delay', 'x', () => {
        throw new Error('no such key');
      }),
    ).toThrow('delay: no such key');
  });

  it('grows the backoff by the multiplier and keeps jitter within its percent', () => {
    const retry = { limit: 3, duration: '1s', exponent: { multiplier: 2 } };
    expect([1, 2, 3].map((n) => retryBackoffMs(retry, n))).toEqual([1_000, 2_000, 4_000]);
    const jittered = { ...retry, jitter: 50 };
    expect(retryBackoffMs(jittered, 1, () => 0)).toBe(500);
    expect(retryBackoffMs(jittered, 1, () => 1)).toBe(1_500);
    expect(retryBackoffMs({ limit: 1 }, 1)).toBe(0);
  });
});
