// A canary's schedule under the canary rules: runs at most every second; without `schedule` a legacy
// `interval` (seconds) becomes `@every`, and with neither the canary never runs by itself.
import { parseSchedule as parseWithRules, type Schedule, type ScheduleRules } from '../../../../scheduling/schedule.js';

export type { Schedule };

/** Canaries may probe every second; faster probing is refused rather than silently slowed down. */
export const CANARY_SCHEDULE_RULES: ScheduleRules = { minIntervalMs: 1000, emptyMeans: '@never' };

/** Parses a canary schedule text; throws an Error whose message says what is wrong. */
export function parseSchedule(text: string): Schedule {
  return parseWithRules(text, CANARY_SCHEDULE_RULES);
}

/** The schedule of a canary spec: `schedule` wins; a legacy `interval` (seconds) becomes `@every`. */
export function scheduleOfSpec(spec: Record<string, unknown>): Schedule {
  if (typeof spec.schedule === 'string' && spec.schedule.trim() !== '') return parseSchedule(spec.schedule);
  if (typeof spec.interval === 'number' && spec.interval > 0) return parseSchedule(`@every ${spec.interval}s`);
  return parseSchedule('');
}

/** The schedule a stored spec asks for, as lists show it: '' with neither schedule nor interval, the text as written when it does not parse. */
export function scheduleTextOfSpec(spec: Record<string, unknown>): string {
  try {
    const s = scheduleOfSpec(spec);
    return s.kind === 'never' && typeof spec.schedule !== 'string' ? '' : s.expression;
  } catch {
    return typeof spec.schedule === 'string' ? spec.schedule : '';
  }
}
