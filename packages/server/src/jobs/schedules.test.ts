import { describe, expect, it } from 'vitest';
import { Cron } from '../scheduling/cron.js';
import { SCHEDULES } from './schedules.js';

describe('system job schedules', () => {
  it('accepts every declared schedule, each with a unique name', () => {
    for (const s of SCHEDULES) expect(() => Cron.parse(s.cron)).not.toThrow();
    expect(new Set(SCHEDULES.map((s) => s.name)).size).toBe(SCHEDULES.length);
  });
});
