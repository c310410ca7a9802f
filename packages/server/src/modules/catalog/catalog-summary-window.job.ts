// Keeps the items' summary counters on the default summary window (migrations 0008 and 0011, ADR 0006): each
// tick moves catalog_summary_window.starts_at to the whole hour nearest the start of the last
// CATALOG_SUMMARY_WINDOW, which changes at half past each hour. A summary whose window starts within twelve
// hours of it reads the counters; others are computed from the rows: the same figures, slower.
import { CATALOG_SUMMARY_WINDOW } from '@ops/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { JobRun } from '../../jobs/job-run.js';
import { nearestHour } from './query/summary-query.js';
import { timePoint } from './query/time-point.js';

/** The instant the counters should be kept for at `now`. */
export function summaryWindowStart(now: Date): Date {
  return nearestHour(timePoint('changes.since', CATALOG_SUMMARY_WINDOW, now));
}

/** Move the counters' instant to `at`; false when they were kept for it already. */
export async function moveSummaryWindow(ctx: AppContext, at: Date): Promise<boolean> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    // The move holds off change writers; a long scrape transaction makes it give up and retry next tick.
    await sql`SET LOCAL lock_timeout = '10s'`.execute(trx);
    const res = await sql<{ moved: boolean }>`SELECT catalog_summary_window_move(${at}::timestamptz) AS moved`.execute(trx);
    return res.rows[0]!.moved;
  });
}

export async function catalogSummaryWindowJob(ctx: AppContext, run: JobRun): Promise<void> {
  const at = summaryWindowStart(new Date());
  const moved = await moveSummaryWindow(ctx, at);
  run.success();
  run.details.summary = { starts_at: at.toISOString(), moved };
}
