// Keeps the items' summary counters on the default summary window (migration 0008, ADR 0006): each tick
// moves catalog_summary_window.day to the UTC midnight nearest the start of the last CATALOG_SUMMARY_WINDOW,
// which changes once a day, at noon UTC. Until it has moved, summaries are computed from the rows: the same
// figures, slower.
import { CATALOG_SUMMARY_WINDOW } from '@ops/shared';
import type { AppContext } from '../../http/context.js';
import type { JobRun } from '../../jobs/job-run.js';
import { inTransaction } from './persistence/queryable.js';
import { nearestMidnight } from './query/summary-query.js';
import { timePoint } from './query/time-point.js';

/** The day the counters should be kept for at `now` ('YYYY-MM-DD'). */
export function summaryWindowDay(now: Date): string {
  return nearestMidnight(timePoint('changes.since', CATALOG_SUMMARY_WINDOW, now))
    .toISOString()
    .slice(0, 10);
}

/** Move the counters' day to `day`; false when they were kept for it already. */
export async function moveSummaryWindow(ctx: AppContext, day: string): Promise<boolean> {
  return inTransaction(ctx.db.pool, async (client) => {
    // The move holds off change writers; a long scrape transaction makes it give up and retry next tick.
    await client.query("SET LOCAL lock_timeout = '10s'");
    const res = await client.query<{ moved: boolean }>('SELECT catalog_summary_window_move($1::date) AS moved', [day]);
    return res.rows[0]!.moved;
  });
}

export async function catalogSummaryWindowJob(ctx: AppContext, run: JobRun): Promise<void> {
  const day = summaryWindowDay(new Date());
  const moved = await moveSummaryWindow(ctx, day);
  run.success();
  run.details.summary = { day, moved };
}
