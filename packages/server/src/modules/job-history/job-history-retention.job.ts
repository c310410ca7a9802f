import type { AppContext } from '../../context.js';
import type { JobRun } from '../../jobs/job-run.js';

/** Delete job history older than OPS_JOB_HISTORY_RETENTION_DAYS and close runs abandoned by dead processes. */
export async function jobHistoryRetention(ctx: AppContext, run: JobRun): Promise<void> {
  const days = ctx.config.OPS_JOB_HISTORY_RETENTION_DAYS;
  const { deleted, abandoned } = await ctx.jobs.history.applyRetention(days);
  run.success(deleted);
  run.details.summary = { retention_days: days, deleted, abandoned_runs_stopped: abandoned };
}
