// Which schedule entries of a playbook are due at a claimed time, and when the playbook runs next.
import { describe, expect, it } from 'vitest';
import { entriesDueAt, nextScheduledRun, scheduleEntries } from './schedule-entries.js';

const id = '7b0f2a62-3f5e-4e39-9d5c-5f1f1c1f0a01';

describe('playbook schedule entries', () => {
  it('runs at the earliest entry, and only the entries due at that time fire', () => {
    const entries = scheduleEntries(id, {
      on: {
        schedule: [
          { schedule: '@every 1h', parameters: { a: '1' } },
          { schedule: '0 */2 * * *', parameters: { b: '2' } },
        ],
      },
    });
    const now = new Date('2030-01-01T00:30:00Z');
    const next = nextScheduledRun(entries, now)!;
    expect(next > now).toBe(true);
    const due = entriesDueAt(entries, next);
    expect(due.length).toBeGreaterThanOrEqual(1);
    // Each entry fires at most once per its own period: one hour on, the hourly entry is due again.
    const hourly = entriesDueAt(entries, new Date(nextScheduledRun([entries[0]!], now)!.getTime()));
    expect(hourly.map((e) => e.parameters)).toContainEqual({ a: '1' });
    const later = nextScheduledRun([entries[0]!], next)!;
    expect(later.getTime() - nextScheduledRun([entries[0]!], now)!.getTime()).toBe(3_600_000);
  });

  it('says nothing is due a millisecond off an entry time', () => {
    const entries = scheduleEntries(id, { on: { schedule: [{ schedule: '@every 10m' }] } });
    const t = nextScheduledRun(entries, new Date('2030-01-01T00:00:00Z'))!;
    expect(entriesDueAt(entries, t)).toHaveLength(1);
    expect(entriesDueAt(entries, new Date(t.getTime() - 1))).toHaveLength(0);
  });

  it('has no next run without schedules, and names the entry that does not parse', () => {
    expect(nextScheduledRun(scheduleEntries(id, {}), new Date())).toBeNull();
    expect(() => scheduleEntries(id, { on: { schedule: [{ schedule: '@every 1h' }, { schedule: 'not a cron' }] } })).toThrow(
      /^spec\.on\.schedule\[1\]\.schedule: /,
    );
    expect(() => scheduleEntries(id, { on: { schedule: [{ schedule: '@every 100ms' }] } })).toThrow(/minimum interval/);
  });
});
