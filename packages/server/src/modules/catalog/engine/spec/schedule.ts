import { Cron } from '../../../../jobs/cron.js';
import { parseDurationMs } from './duration.js';

/** A scraper runs hourly unless its spec says otherwise (config-db's default). */
export const DEFAULT_SCHEDULE = '@every 60m';
/** Scrapes may not run more often than this. */
export const MIN_SCHEDULE_INTERVAL_MS = 29_000;

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** A validated schedule: a fixed interval (`@every`) or a cron expression (macros expanded). */
export type Schedule = { kind: 'every'; text: string; intervalMs: number } | { kind: 'cron'; text: string; cron: string };

/**
 * Parse `@every <duration>`, a macro such as `@hourly`, or a 5/6-field cron expression. Throws an
 * Error whose message says what is wrong, including a schedule more frequent than every 29 s.
 */
export function parseSchedule(text: string | undefined): Schedule {
  const raw = (text ?? '').trim() || DEFAULT_SCHEDULE;
  if (raw.startsWith('@every')) {
    const arg = raw.slice('@every'.length).trim();
    const intervalMs = parseDurationMs(arg);
    if (intervalMs < MIN_SCHEDULE_INTERVAL_MS) throw new Error(`"${raw}" runs more often than the minimum interval of 29s`);
    return { kind: 'every', text: raw, intervalMs };
  }
  const cron = MACROS[raw] ?? raw;
  if (cron.startsWith('@')) throw new Error(`unknown schedule "${raw}" (use @every <duration>, @hourly, @daily, … or a cron expression)`);
  const parsed = Cron.parse(cron);
  if (smallestGapMs(parsed) < MIN_SCHEDULE_INTERVAL_MS) throw new Error(`"${raw}" runs more often than the minimum interval of 29s`);
  return { kind: 'cron', text: raw, cron };
}

/** The shortest gap between the next few ticks: enough to catch "every second" style expressions. */
function smallestGapMs(cron: Cron): number {
  let at = new Date(Date.UTC(2030, 0, 1));
  let smallest = Infinity;
  for (let i = 0; i < 6; i++) {
    const next = cron.next(at);
    if (i > 0) smallest = Math.min(smallest, next.getTime() - at.getTime());
    at = next;
  }
  return smallest;
}
