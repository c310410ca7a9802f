import { describe, expect, it } from 'vitest';
import { parseSchedule, scheduleOfSpec } from './schedule.js';

describe('parseSchedule', () => {
  it('accepts 5-field cron and computes the next tick in UTC', () => {
    const s = parseSchedule('*/15 * * * *');
    expect(s.kind).toBe('cron');
    expect(s.next(new Date('2024-01-01T10:07:30Z'))?.toISOString()).toBe('2024-01-01T10:15:00.000Z');
  });

  it('accepts 6-field cron with seconds first', () => {
    const s = parseSchedule('*/10 * * * * *');
    expect(s.next(new Date('2024-01-01T10:00:01Z'))?.toISOString()).toBe('2024-01-01T10:00:10.000Z');
  });

  it('accepts descriptors and @every durations', () => {
    expect(parseSchedule('@hourly').next(new Date('2024-01-01T10:07:00Z'))?.toISOString()).toBe('2024-01-01T11:00:00.000Z');
    const every = parseSchedule('@every 5m');
    expect(every).toMatchObject({ kind: 'every', intervalMs: 300_000 });
    expect(every.next(new Date('2024-01-01T10:00:00Z'))?.toISOString()).toBe('2024-01-01T10:05:00.000Z');
    expect(parseSchedule('@every 1h30m').intervalMs).toBe(5_400_000);
  });

  it('refuses wrong field counts, bad values, unknown descriptors and bad intervals with the reason', () => {
    expect(() => parseSchedule('8 46 *')).toThrow('invalid cron expression "8 46 *": expected 5 or 6 fields, got 3');
    expect(() => parseSchedule('0 46 * * *')).toThrow(/invalid cron expression "0 46 \* \* \*"/);
    expect(() => parseSchedule('@fortnightly')).toThrow(/unknown schedule descriptor "@fortnightly"/);
    expect(() => parseSchedule('@every soon')).toThrow(/"@every" needs a duration/);
    expect(() => parseSchedule('@every 10ms')).toThrow(/at least 1s/);
  });

  it('uses interval seconds when there is no schedule, and never runs without either', () => {
    expect(scheduleOfSpec({ interval: 30 })).toMatchObject({ kind: 'every', intervalMs: 30_000 });
    const never = scheduleOfSpec({});
    expect(never.kind).toBe('never');
    expect(never.next(new Date())).toBeUndefined();
  });
});
