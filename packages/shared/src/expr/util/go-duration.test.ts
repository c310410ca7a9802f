import { describe, expect, it } from 'vitest';
import { formatGoDuration, formatHumanDuration, NS, parseGoDuration } from './go-duration.js';

describe('parseGoDuration', () => {
  it.each([
    ['30m', 30n * NS.m],
    ['1h30m', 90n * NS.m],
    ['-1.5s', -1_500_000_000n],
    ['300ms', 300n * NS.ms],
    ['2µs', 2000n],
    ['7d', 7n * NS.d],
    ['2w1d', 15n * NS.d],
    ['1y', 365n * NS.d],
    ['0', 0n],
    ['.5h', 30n * NS.m],
  ])('%s', (text, ns) => expect(parseGoDuration(text)).toBe(ns));

  it('names the bad input', () => {
    expect(() => parseGoDuration('')).toThrow('time: invalid duration ""');
    expect(() => parseGoDuration('5')).toThrow('time: invalid duration "5"');
    expect(() => parseGoDuration('5x')).toThrow('time: unknown unit "x" in duration "5x"');
    expect(() => parseGoDuration('bad delay')).toThrow('time: invalid duration "bad delay"');
  });
});

describe('formatGoDuration (time.Duration.String)', () => {
  it.each([
    [0n, '0s'],
    [1n, '1ns'],
    [1500n, '1.5µs'],
    [300n * NS.ms, '300ms'],
    [1_500_000_000n, '1.5s'],
    [90n * NS.s, '1m30s'],
    [NS.h, '1h0m0s'],
    [-(2n * NS.h + 45n * NS.m), '-2h45m0s'],
    [7n * NS.d, '168h0m0s'],
  ])('%s ns → %s', (ns, text) => expect(formatGoDuration(ns)).toBe(text));
});

describe('formatHumanDuration (Flanksource HumanDuration)', () => {
  it.each([
    [3600n, '3.6µs'],
    [NS.h, '1h'],
    [10n * NS.s, '10s'],
    [90n * NS.m, '1h30m'],
    [3n * NS.d + 2n * NS.h + 6n * NS.m, '3d2h6m'],
    [4n * NS.w + 3n * NS.d + 2n * NS.h, '4w3d2h'],
    [-NS.h, '-1h'],
  ])('%s ns → %s', (ns, text) => expect(formatHumanDuration(ns)).toBe(text));
});
