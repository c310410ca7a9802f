// A scraper's schedule under the scraper rules: hourly unless the spec says otherwise (config-db's
// default), and never more often than every 29 s.
import { parseSchedule as parseWithRules, type Schedule, type ScheduleRules } from '../../../../scheduling/schedule.js';

export type { Schedule };

/** A scraper runs hourly unless its spec says otherwise. */
export const DEFAULT_SCHEDULE = '@every 60m';
/** Scrapes may not run more often than this. */
export const MIN_SCHEDULE_INTERVAL_MS = 29_000;

export const SCRAPER_SCHEDULE_RULES: ScheduleRules = { minIntervalMs: MIN_SCHEDULE_INTERVAL_MS, emptyMeans: DEFAULT_SCHEDULE };

/** Parses a scraper's `spec.schedule`; throws an Error whose message says what is wrong. */
export function parseSchedule(text: string | undefined): Schedule {
  return parseWithRules(text, SCRAPER_SCHEDULE_RULES);
}
