import { describe, expect, it } from 'vitest';
import { quantile, summarize } from './stats.js';

describe('latency statistics', () => {
  it('interpolates quantiles between ranks', () => {
    const s = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(quantile(s, 0.5)).toBeCloseTo(5.5);
    expect(quantile(s, 0)).toBe(1);
    expect(quantile(s, 1)).toBe(10);
    expect(quantile(s, 0.95)).toBeCloseTo(9.55);
  });

  it('summarizes an unsorted sample', () => {
    const sum = summarize([30, 10, 20]);
    expect(sum).toMatchObject({ n: 3, p50: 20, min: 10, max: 30, mean: 20 });
  });

  it('refuses an empty sample instead of returning NaN', () => {
    expect(() => quantile([], 0.5)).toThrow(/empty/);
  });
});
