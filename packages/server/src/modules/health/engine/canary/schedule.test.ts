import { describe, expect, it } from 'vitest';
import { parseSchedule, scheduleOfSpec } from './schedule.js';

describe('canary schedules', () => {
  it('allow every second and no faster', () => {
    expect(parseSchedule('@every 1s').intervalMs).toBe(1000);
    expect(() => parseSchedule('@every 500ms')).toThrow(/minimum interval of 1s/);
  });

  it('use interval seconds when there is no schedule, and never run without either', () => {
    expect(scheduleOfSpec({ interval: 30 })).toMatchObject({ kind: 'every', intervalMs: 30_000 });
    expect(scheduleOfSpec({ schedule: '@hourly', interval: 30 }).expression).toBe('@hourly');
    const never = scheduleOfSpec({});
    expect(never.kind).toBe('never');
    expect(never.next(new Date())).toBeUndefined();
  });
});
