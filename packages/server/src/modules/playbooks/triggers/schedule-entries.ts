// When a playbook's schedule triggers fire: each `on.schedule` entry parsed under the playbook rules with its
// own phase; the playbook's schedule row holds the earliest next run of all of them, and a claimed run fires
// the entries whose time it is.
import { nextRunAfter, parseSchedule, type Schedule, type ScheduleRules } from '../../../scheduling/index.js';
import type { TriggerSpec } from './trigger-spec.js';

/** No playbook runs by itself more often than once a second; an empty schedule never runs. */
export const PLAYBOOK_SCHEDULE_RULES: ScheduleRules = { minIntervalMs: 1_000, emptyMeans: '@never' };

/** One parsed `on.schedule` entry. */
export interface ScheduleEntry {
  schedule: Schedule;
  parameters: Record<string, unknown>;
  // Each entry of a playbook has its own phase, so two `@every 1h` entries need not fire together.
  key: string;
}

/** The parsed `on.schedule` entries; throws an Error naming the entry that does not parse. */
export function scheduleEntries(playbookId: string, spec: TriggerSpec): ScheduleEntry[] {
  return (spec.on?.schedule ?? []).map((e, i) => {
    try {
      return {
        schedule: parseSchedule(e.schedule ?? '', PLAYBOOK_SCHEDULE_RULES),
        parameters: e.parameters ?? {},
        key: `${playbookId}/${i}`,
      };
    } catch (err) {
      throw new Error(`spec.on.schedule[${i}].schedule: ${(err as Error).message}`);
    }
  });
}

/** The earliest run of any entry after `now` (null: none runs by itself). */
export function nextScheduledRun(entries: ScheduleEntry[], now: Date): Date | null {
  let next: Date | null = null;
  for (const e of entries) {
    const t = nextRunAfter(e.schedule, e.key, now, now).next;
    if (t && (!next || t < next)) next = t;
  }
  return next;
}

/** The entries whose time is `slot` (the ones the claimed run is for). */
export function entriesDueAt(entries: ScheduleEntry[], slot: Date): ScheduleEntry[] {
  const before = new Date(slot.getTime() - 1);
  return entries.filter((e) => {
    const t = nextRunAfter(e.schedule, e.key, before, before).next;
    return t !== undefined && t.getTime() <= slot.getTime();
  });
}
