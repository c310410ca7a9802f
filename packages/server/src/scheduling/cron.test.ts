import { describe, expect, it } from 'vitest';
import { Cron } from './cron.js';

describe('cron', () => {
  it('computes the latest and next tick in UTC, with an optional seconds field', () => {
    const everySecond = Cron.parse('* * * * * *');
    const at = new Date('2024-03-01T10:00:05.400Z');
    expect(everySecond.previous(at).toISOString()).toBe('2024-03-01T10:00:05.000Z');
    expect(everySecond.next(at).toISOString()).toBe('2024-03-01T10:00:06.000Z');
    const hourly = Cron.parse('17 * * * *');
    expect(hourly.previous(at).toISOString()).toBe('2024-03-01T09:17:00.000Z');
    expect(hourly.next(at).toISOString()).toBe('2024-03-01T10:17:00.000Z');
    // A time exactly on a tick is that tick.
    expect(hourly.previous(new Date('2024-03-01T10:17:00.000Z')).toISOString()).toBe('2024-03-01T10:17:00.000Z');
  });

  it('rejects a bad expression with a message naming it', () => {
    expect(() => Cron.parse('61 * * * *')).toThrow('invalid cron expression "61 * * * *"');
    expect(() => Cron.parse('every minute')).toThrow(/invalid cron expression "every minute"/);
  });
});
