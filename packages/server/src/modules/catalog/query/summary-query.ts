// What both summary statements take and give back (summary-by-counters.ts, summary-by-days.ts).
import type { ItemFilterInput } from './item-filters.js';

export interface SummaryQuery extends ItemFilterInput {
  groupBy: string[];
  changesSince: Date;
  analysisSince: Date;
}

/** One group as the statements return it: g0… are the group values in groupBy order. */
export interface SummarySqlRow {
  [group: `g${number}`]: string | null;
  count: number;
  deleted: number;
  healthy: number;
  unhealthy: number;
  warning: number;
  unknown: number;
  changes: number;
  cost_per_minute: number;
  cost_total_30d: number;
  last_scraped_time: Date | string | null;
  status: Record<string, number>;
  analysis: Record<string, number>;
}

const DAY_MS = 86_400_000;

/** The first whole UTC day after `since`: a window counts whole days from it plus the rows before it. */
export function firstWholeDay(since: Date): Date {
  return new Date(Math.floor(since.getTime() / DAY_MS) * DAY_MS + DAY_MS);
}

const HOUR_MS = 3_600_000;

/** The whole hour nearest to `since`: where the job keeps the item counters for the default window (ADR 0006). */
export function nearestHour(since: Date): Date {
  return new Date(Math.floor((since.getTime() + HOUR_MS / 2) / HOUR_MS) * HOUR_MS);
}

/**
 * How far a window's start may be from the counters' instant for the summary to read the counters: it adds
 * the rows between the two, or subtracts them when the instant comes first. Beyond this (another window)
 * the statement over the rows is cheaper.
 */
export const COUNTERS_REACH_MS = 12 * HOUR_MS;
