import { describe, expect, it } from 'vitest';
import { TIME_RANGE_OPTIONS } from '../constants.js';
import { durationLabel, parseDurationMs } from './duration-string.js';
import {
  defaultRangeFromLastRun,
  normalizeRelativeRange,
  optionToRange,
  relativeRangeFromOption,
  relativeRangeLabel,
} from './time-range.js';

const H = 3_600_000;
const D = 24 * H;

describe('parseDurationMs', () => {
  it('parses every unit', () => {
    expect(parseDurationMs('100ms')).toBe(100);
    expect(parseDurationMs('15s')).toBe(15_000);
    expect(parseDurationMs('15m')).toBe(15 * 60_000);
    expect(parseDurationMs('1h')).toBe(H);
    expect(parseDurationMs('2d')).toBe(2 * D);
    expect(parseDurationMs('1w')).toBe(7 * D);
    expect(parseDurationMs('1mo')).toBe(30 * D);
    expect(parseDurationMs('1M')).toBe(30 * D);
    expect(parseDurationMs('1y')).toBe(365 * D);
  });
  it('rejects bad input', () => {
    for (const bad of ['', 'h', '1', '1x', '-1h', '1 h', 'None', undefined, null]) {
      expect(parseDurationMs(bad)).toBeUndefined();
    }
  });
  it('parses every TIME_RANGE_OPTIONS entry in increasing order', () => {
    const values = TIME_RANGE_OPTIONS.map((o) => parseDurationMs(o)!);
    expect(values.every((v, i) => v > 0 && (i === 0 || v > values[i - 1]!))).toBe(true);
  });
});

describe('labels and ranges of options', () => {
  it('labels options in words', () => {
    expect(durationLabel('15m')).toBe('15 minutes');
    expect(durationLabel('1h')).toBe('1 hour');
    expect(durationLabel('1mo')).toBe('1 month');
    expect(durationLabel('5y')).toBe('5 years');
  });
  it('turns options into date-math ranges (months as M)', () => {
    expect(optionToRange('2d')).toBe('now-2d');
    expect(optionToRange('3mo')).toBe('now-3M');
    expect(relativeRangeFromOption('1w')).toEqual({ type: 'relative', range: 'now-1w', display: 'Last 1 week' });
    expect(relativeRangeLabel('now-3M')).toBe('Last 3 months');
    expect(relativeRangeLabel('now-1d/d')).toBe('now-1d/d');
  });
});

describe('normalizeRelativeRange (custom relative input)', () => {
  it('accepts date math and shorthand durations', () => {
    expect(normalizeRelativeRange('now-5h')).toBe('now-5h');
    expect(normalizeRelativeRange(' 5h ')).toBe('now-5h');
    expect(normalizeRelativeRange('1mo')).toBe('now-1M');
    expect(normalizeRelativeRange('now-1d/d')).toBe('now-1d/d');
  });
  it('rejects what does not evaluate', () => {
    for (const bad of ['', 'now', 'yesterday', 'now-5x', 'now-', '5', 'now--1h']) {
      expect(normalizeRelativeRange(bad)).toBeUndefined();
    }
  });
});

describe('defaultRangeFromLastRun', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('gives 1h under 60 minutes', () => {
    expect(defaultRangeFromLastRun(ago(0), now)).toBe('1h');
    expect(defaultRangeFromLastRun(ago(59 * 60_000), now)).toBe('1h');
  });
  it('then the next larger option that covers the time since the last run', () => {
    expect(defaultRangeFromLastRun(ago(H), now)).toBe('1h');
    expect(defaultRangeFromLastRun(ago(H + 1), now)).toBe('2h');
    expect(defaultRangeFromLastRun(ago(4 * H), now)).toBe('6h');
    expect(defaultRangeFromLastRun(ago(13 * H), now)).toBe('1d');
    expect(defaultRangeFromLastRun(ago(5 * D), now)).toBe('1w');
    expect(defaultRangeFromLastRun(ago(40 * D), now)).toBe('2mo');
    expect(defaultRangeFromLastRun(ago(400 * D).toISOString(), now)).toBe('2y');
  });
  it('caps at the largest option and defaults to 1h without a last run', () => {
    expect(defaultRangeFromLastRun(ago(4000 * D), now)).toBe('5y');
    expect(defaultRangeFromLastRun(undefined, now)).toBe('1h');
    expect(defaultRangeFromLastRun('garbage', now)).toBe('1h');
  });
});
