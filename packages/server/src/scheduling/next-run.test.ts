import { describe, expect, it } from 'vitest';
import { parseSchedule as parse } from './schedule.js';

const parseSchedule = (text: string) => parse(text, { minIntervalMs: 1000, emptyMeans: '@never' });
import { firstRunAt, nextRunAfter, runTimeoutMs, stableOffset } from './next-run.js';

const id = '7f0c2a9e-3b1d-4c55-9a2e-0d6b1c8e4f10';

describe('next runs', () => {
  it('gives every canary a stable phase spread over the interval', () => {
    const phases = new Set(Array.from({ length: 1000 }, (_, i) => Math.floor(stableOffset(`canary-${i}`, 60_000) / 6_000)));
    expect(phases.size).toBe(10);
    expect(stableOffset(id, 60_000)).toBe(stableOffset(id, 60_000));
  });

  it('runs a new canary within two seconds, and never for @never', () => {
    const now = new Date('2024-05-01T12:00:00Z');
    const first = firstRunAt(parseSchedule('@every 5m'), id, now)!;
    expect(first.getTime() - now.getTime()).toBeGreaterThanOrEqual(0);
    expect(first.getTime() - now.getTime()).toBeLessThan(2_000);
    expect(firstRunAt(parseSchedule('@never'), id, now)).toBeUndefined();
  });

  it('keeps @every runs on the canary phase and counts skipped slots', () => {
    const every = parseSchedule('@every 1m');
    const phase = stableOffset(id, 60_000);
    const slot = new Date(Date.UTC(2024, 4, 1, 12, 0, 0) + phase);
    const onTime = nextRunAfter(every, id, slot, new Date(slot.getTime() + 300));
    expect(onTime).toEqual({ next: new Date(slot.getTime() + 60_000), missed: 0 });
    const late = nextRunAfter(every, id, slot, new Date(slot.getTime() + 150_000));
    expect(late).toEqual({ next: new Date(slot.getTime() + 180_000), missed: 2 });
  });

  it('offsets cron runs by a small per-canary jitter', () => {
    const cron = parseSchedule('*/5 * * * *');
    const now = new Date('2024-05-01T12:01:00Z');
    const { next } = nextRunAfter(cron, id, new Date('2024-05-01T12:00:30Z'), now);
    const jitter = next!.getTime() - Date.parse('2024-05-01T12:05:00Z');
    expect(jitter).toBeGreaterThanOrEqual(0);
    expect(jitter).toBeLessThan(5_000);
    const slot = new Date(Date.parse('2024-05-01T12:00:00Z') + jitter);
    expect(nextRunAfter(cron, id, slot, now).missed).toBe(0);
    expect(nextRunAfter(cron, id, slot, new Date('2024-05-01T12:11:00Z'))).toEqual({
      next: new Date(Date.parse('2024-05-01T12:15:00Z') + jitter),
      missed: 2,
    });
  });

  it('bounds the timeout by the interval', () => {
    expect(runTimeoutMs(parseSchedule('@every 10s'), 60_000)).toBe(10_000);
    expect(runTimeoutMs(parseSchedule('@every 5m'), 60_000)).toBe(60_000);
    expect(runTimeoutMs(parseSchedule('@never'), 60_000)).toBe(60_000);
  });
});
