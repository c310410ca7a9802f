import { describe, expect, it } from 'vitest';
import { chartScales, niceMax, timeTicks, valueTicks } from './chart-scales';

describe('chart scales', () => {
  it('rounds the y axis up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(87)).toBe(100);
    expect(niceMax(120)).toBe(200);
    expect(niceMax(4100)).toBe(5000);
    expect(valueTicks(200)).toEqual([0, 100, 200]);
  });

  it('maps time and value into the padded box', () => {
    const pad = { top: 10, right: 10, bottom: 10, left: 10 };
    const s = chartScales(
      [
        { time: 1000, value: 50, ok: true },
        { time: 3000, value: 100, ok: false },
      ],
      { width: 120, height: 120, pad },
    );
    expect([s.start, s.end, s.maxValue]).toEqual([1000, 3000, 100]);
    expect(s.x(1000)).toBe(10);
    expect(s.x(3000)).toBe(110);
    expect(s.y(0)).toBe(110);
    expect(s.y(100)).toBe(10);
    expect(timeTicks(0, 100, 3)).toEqual([0, 50, 100]);
  });
});
