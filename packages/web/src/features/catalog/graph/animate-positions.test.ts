import { describe, expect, it } from 'vitest';
import { ease, interpolate, startPositions } from './animate-positions';

describe('expand animation', () => {
  it('eases from 0 to 1', () => {
    expect(ease(0)).toBe(0);
    expect(ease(1)).toBe(1);
    expect(ease(0.5)).toBe(0.5);
    expect(ease(0.25)).toBeLessThan(0.25);
  });

  it('starts new nodes where the node they came out of was', () => {
    const start = startPositions(
      { g: { x: 10, y: 20 }, r: { x: 0, y: 0 } },
      { g: { x: 15, y: 20 }, a: { x: 100, y: 0 }, r: { x: 0, y: 0 } },
      (id) => (id === 'a' ? 'g' : undefined),
    );
    expect(start).toEqual({ g: { x: 10, y: 20 }, a: { x: 10, y: 20 }, r: { x: 0, y: 0 } });
  });

  it('interpolates between positions', () => {
    expect(interpolate({ a: { x: 0, y: 0 } }, { a: { x: 100, y: 50 } }, 0.5)).toEqual({ a: { x: 50, y: 25 } });
    expect(interpolate({ a: { x: 0, y: 0 } }, { a: { x: 100, y: 50 } }, 2)).toEqual({ a: { x: 100, y: 50 } });
  });
});
