import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.js';
import { resolveRange } from './time-range.js';

const now = new Date('2024-05-01T12:00:00Z');

describe('resolveRange', () => {
  it('defaults to the last hour', () => {
    expect(resolveRange({}, now)).toEqual({ start: new Date('2024-05-01T11:00:00Z'), end: now });
  });

  it('reads durations, date math, ISO and epoch milliseconds', () => {
    expect(resolveRange({ start: '1d' }, now).start).toEqual(new Date('2024-04-30T12:00:00Z'));
    expect(resolveRange({ timeRange: '15m' }, now).start).toEqual(new Date('2024-05-01T11:45:00Z'));
    expect(resolveRange({ since: 'now-2h' }, now).start).toEqual(new Date('2024-05-01T10:00:00Z'));
    const r = resolveRange({ start: '2024-05-01T08:00:00Z', end: String(Date.parse('2024-05-01T09:00:00Z')) }, now);
    expect(r).toEqual({ start: new Date('2024-05-01T08:00:00Z'), end: new Date('2024-05-01T09:00:00Z') });
  });

  it('refuses what is not a time, naming the parameter', () => {
    expect(() => resolveRange({ start: 'yesterday-ish' }, now)).toThrow(/start: "yesterday-ish" is not a time/);
    expect(() => resolveRange({ end: 'x' }, now)).toThrow(HttpError);
    expect(() => resolveRange({ start: '2024-05-02T00:00:00Z' }, now)).toThrow(/must be before end/);
  });
});
