import { describe, expect, it } from 'vitest';
import { parseDurationMs } from './duration.js';
import { parseSchedule } from './schedule.js';

const canary = { minIntervalMs: 1000, emptyMeans: '@never' };
const scraper = { minIntervalMs: 29_000, emptyMeans: '@every 60m' };

describe('parseSchedule', () => {
  it('accepts 5-field cron and computes the next tick in UTC', () => {
    const s = parseSchedule('*/15 * * * *', canary);
    expect(s.kind).toBe('cron');
    expect(s.next(new Date('2024-01-01T10:07:30Z'))?.toISOString()).toBe('2024-01-01T10:15:00.000Z');
  });

  it('accepts 6-field cron with seconds first', () => {
    const s = parseSchedule('*/10 * * * * *', canary);
    expect(s.next(new Date('2024-01-01T10:00:01Z'))?.toISOString()).toBe('2024-01-01T10:00:10.000Z');
  });

  it('accepts descriptors and @every durations, keeping the text as written', () => {
    const hourly = parseSchedule('@hourly', canary);
    expect(hourly.expression).toBe('@hourly');
    expect(hourly.next(new Date('2024-01-01T10:07:00Z'))?.toISOString()).toBe('2024-01-01T11:00:00.000Z');
    const every = parseSchedule('@every 5m', canary);
    expect(every).toMatchObject({ kind: 'every', intervalMs: 300_000 });
    expect(every.next(new Date('2024-01-01T10:00:00Z'))?.toISOString()).toBe('2024-01-01T10:05:00.000Z');
    expect(parseSchedule('@every 1h30m', canary).intervalMs).toBe(5_400_000);
  });

  it('gives an empty schedule the meaning of its kind', () => {
    expect(parseSchedule('', canary).kind).toBe('never');
    expect(parseSchedule('  ', scraper)).toMatchObject({ kind: 'every', expression: '@every 60m', intervalMs: 3_600_000 });
    expect(parseSchedule('@never', scraper).next(new Date())).toBeUndefined();
  });

  it('refuses wrong field counts, bad values, unknown descriptors and bad intervals with the reason', () => {
    expect(() => parseSchedule('8 46 *', canary)).toThrow('invalid cron expression "8 46 *": expected 5 or 6 fields, got 3');
    expect(() => parseSchedule('0 46 * * *', canary)).toThrow(/invalid cron expression "0 46 \* \* \*"/);
    expect(() => parseSchedule('@fortnightly', canary)).toThrow(/unknown schedule "@fortnightly"/);
    expect(() => parseSchedule('@every soon', canary)).toThrow(/"@every" needs a duration/);
    expect(() => parseSchedule('@every -5m', canary)).toThrow(/"@every" needs a duration/);
  });

  it('enforces the minimum interval of the kind, for @every and cron alike', () => {
    expect(() => parseSchedule('@every 10ms', canary)).toThrow('"@every 10ms" runs more often than the minimum interval of 1s');
    expect(() => parseSchedule('@every 10s', scraper)).toThrow('"@every 10s" runs more often than the minimum interval of 29s');
    expect(() => parseSchedule('* * * * * *', scraper)).toThrow('"* * * * * *" runs more often than the minimum interval of 29s');
    expect(parseSchedule('* * * * * *', canary).kind).toBe('cron');
    expect(parseSchedule('*/30 * * * * *', scraper).kind).toBe('cron');
  });
});

describe('parseDurationMs', () => {
  it('reads Go durations with d, w and y, signed, and refuses anything else', () => {
    expect(parseDurationMs('1h30m')).toBe(5_400_000);
    expect(parseDurationMs('250ms')).toBe(250);
    expect(parseDurationMs('7d')).toBe(604_800_000);
    expect(parseDurationMs('-5m')).toBe(-300_000);
    expect(parseDurationMs('1.5s')).toBe(1500);
    expect(parseDurationMs('0')).toBe(0);
    expect(parseDurationMs('')).toBeUndefined();
    expect(parseDurationMs('5 minutes')).toBeUndefined();
  });
});
