// Which data answers a summary over [start, end): raw check_statuses for short ranges (exact
// percentiles), otherwise hourly/daily rollups for the whole buckets plus raw rows for the ragged edges.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Ranges up to this long are computed from raw rows, exactly. */
export const RAW_RANGE_MAX_MS = 3 * HOUR;
/** Ranges longer than this use daily rollups for their whole days. */
export const DAILY_RANGE_MIN_MS = 7 * DAY;

export interface Span {
  from: Date;
  to: Date;
}

/** How to compute one summary: exact from raw, or merged from raw edges and rollup buckets. */
export type SummaryPlan =
  | { mode: 'raw'; range: Span }
  | { mode: 'rollup'; range: Span; raw: Span[]; hourly: Span[]; daily: Span[] }
  /** The last hour: check_summary_1h (recomputed every minute, up to `until`) plus raw rows since. */
  | { mode: 'latest'; range: Span; until: Date };

/** The materialized last hour is used while it is at most this old. */
export const LATEST_MAX_AGE_MS = 150_000;

/**
 * The plan of the dashboard's default view: the last hour ending now is answered from check_summary_1h
 * (when refreshed recently) topped up with the runs since its refresh; anything else goes to planSummary.
 */
export function planLatest(start: Date, end: Date, endGiven: boolean, now: Date, summaryUntil: Date | undefined): SummaryPlan | undefined {
  if (endGiven || !summaryUntil) return undefined;
  if (Math.abs(end.getTime() - start.getTime() - HOUR) > 1_000) return undefined;
  const age = now.getTime() - summaryUntil.getTime();
  if (age < 0 || age > LATEST_MAX_AGE_MS) return undefined;
  return { mode: 'latest', range: { from: start, to: end }, until: summaryUntil };
}

const ceilTo = (t: number, unit: number): number => Math.ceil(t / unit) * unit;
const floorTo = (t: number, unit: number): number => Math.floor(t / unit) * unit;
const span = (from: number, to: number): Span[] => (to > from ? [{ from: new Date(from), to: new Date(to) }] : []);

/**
 * Plans a summary. `rolledUntil` is the hourly rollup watermark: rollup rows cover check_statuses before
 * it (the row of its hour only partly); `dailyUntil` is the start of the first day not rolled up daily.
 */
export function planSummary(start: Date, end: Date, rolledUntil: Date | undefined, dailyUntil?: Date): SummaryPlan {
  const range = { from: start, to: end };
  const s = start.getTime();
  const e = end.getTime();
  if (e - s <= RAW_RANGE_MAX_MS || !rolledUntil) return { mode: 'raw', range };
  const w = rolledUntil.getTime();
  const firstHour = ceilTo(s, HOUR);
  // Rollups cover [firstHour, covered): up to the watermark when the range reaches it, else whole hours.
  const covered = e >= w ? w : floorTo(e, HOUR);
  if (covered <= firstHour) return { mode: 'raw', range };
  const raw = [...span(s, firstHour), ...span(covered, e)];
  if (e - s < DAILY_RANGE_MIN_MS || !dailyUntil) return { mode: 'rollup', range, raw, hourly: span(firstHour, covered), daily: [] };
  const firstDay = ceilTo(firstHour, DAY);
  const lastDay = Math.min(floorTo(covered, DAY), dailyUntil.getTime());
  if (lastDay <= firstDay) return { mode: 'rollup', range, raw, hourly: span(firstHour, covered), daily: [] };
  return { mode: 'rollup', range, raw, hourly: [...span(firstHour, firstDay), ...span(lastDay, covered)], daily: span(firstDay, lastDay) };
}
