import { describe, expect, it } from 'vitest';
import { dedupeLogs, DedupeWindowError, parseDedupeWindow } from './dedupe.js';
import { type LogLineInput, toLogLine } from './log-line.js';

const lines = (...inputs: LogLineInput[]) => inputs.map(toLogLine);

describe('dedupeLogs', () => {
  it('sums counts, spans first and last observed, and shows the newest line', () => {
    const input = lines(
      { message: 'a', severity: 'info', firstObserved: '2025-05-08T11:50:00Z', count: 2 },
      { message: 'a', severity: 'error', firstObserved: '2025-05-08T11:40:00Z', lastObserved: '2025-05-08T11:45:00Z', count: 3 },
      { message: 'a', severity: 'warning', firstObserved: '2025-05-08T11:59:00Z' },
    );
    const [folded, ...rest] = dedupeLogs(input, { fields: ['message'] });
    expect(rest).toEqual([]);
    expect(folded).toMatchObject({
      count: 6,
      severity: 'warning',
      firstObserved: '2025-05-08T11:40:00Z',
      lastObserved: '2025-05-08T11:59:00Z',
    });
  });

  it('keeps the first line on equal or missing times and leaves inputs untouched', () => {
    const input = lines({ message: 'a', severity: 'error' }, { message: 'a', severity: 'warning' }, { message: 'b' });
    const before = structuredClone(input);
    const out = dedupeLogs(input, { fields: ['message'] });
    expect(out.map((l) => [l.message, l.severity, l.count])).toEqual([
      ['a', 'error', 2],
      ['b', '', 1],
    ]);
    expect(out[1]).toBe(input[2]);
    expect(input).toEqual(before);
    expect(out[0]!.firstObserved).toBeUndefined();
  });

  it('tells a missing label from an empty one and a label from a field', () => {
    const input = lines(
      { message: 'x', labels: { ns: '' } },
      { message: 'x' },
      { message: 'x', host: 'ns' },
      { message: 'x', labels: { ns: '' } },
    );
    expect(dedupeLogs(input, { fields: ['label.ns'] }).map((l) => l.count)).toEqual([2, 2]);
    expect(dedupeLogs(input, { fields: ['ns'] }).map((l) => l.count)).toEqual([2, 2]);
  });

  it('buckets by aligned windows; lines without a time share one bucket', () => {
    const input = lines(
      { message: 'm', firstObserved: '2025-05-08T11:59:59Z' },
      { message: 'm', firstObserved: '2025-05-08T12:00:00Z' },
      { message: 'm' },
      { message: 'm', firstObserved: '2025-05-08T12:00:59Z' },
      { message: 'm' },
    );
    expect(dedupeLogs(input, { fields: ['message'], windowMs: 60_000 }).map((l) => l.count)).toEqual([1, 2, 2]);
  });

  it('returns a copy of the lines when no fields are given', () => {
    const input = lines({ message: 'a' }, { message: 'a' });
    const out = dedupeLogs(input, { fields: [] });
    expect(out).toEqual(input);
    expect(out).not.toBe(input);
  });
});

describe('parseDedupeWindow', () => {
  it('reads Go durations and Flanksource day units', () => {
    expect(parseDedupeWindow('5m')).toBe(300_000);
    expect(parseDedupeWindow('1h30m')).toBe(5_400_000);
    expect(parseDedupeWindow('1d')).toBe(86_400_000);
  });

  it('names the problem with a bad window', () => {
    expect(() => parseDedupeWindow('five minutes')).toThrow(DedupeWindowError);
    expect(() => parseDedupeWindow('0s')).toThrow(/must be longer than zero/);
    expect(() => parseDedupeWindow('-5m')).toThrow(/'-5m'/);
  });
});
