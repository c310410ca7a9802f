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

/**
 * The UTC midnight nearest to `since`: the day the item counters are kept for (ADR 0006). A window then
 * adds the rows between its start and that midnight, or subtracts them when the midnight comes first:
 * at most twelve hours of rows either way.
 */
export function nearestMidnight(since: Date): Date {
  return new Date(Math.floor((since.getTime() + DAY_MS / 2) / DAY_MS) * DAY_MS);
}
