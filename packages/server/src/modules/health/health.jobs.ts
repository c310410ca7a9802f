// The periodic jobs of health checks (listed in jobs/schedules.ts): rollups every five minutes and
// retention hourly.
import type { AppContext } from '../../context.js';
import type { JobRun } from '../../jobs/job-run.js';
import {
  deleteRollupsBefore,
  dropStatusDaysBefore,
  ensureUpcomingPartitions,
  oldestStatusDay,
  refreshLastHour,
  rollupDays,
  rollupHours,
  rollupState,
  setRollupState,
} from './rollup.repository.js';
import { oldestRunningSlot } from '../../scheduling/index.js';
import { CANARY_SCHEDULE_KIND } from './canary-sync.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Statuses are final this long after their time unless a run that started earlier is still going.
const SETTLE_MS = 60_000;
// A catch-up (first run on old data) goes through the backlog this many hours a statement.
const CHUNK_HOURS = 6;

/**
 * Roll raw statuses up into hourly rows (the current hour included, up to a settled cutoff) and whole
 * days into daily rows. Idempotent: every pass rebuilds its hours from raw rows.
 */
export async function rollupCheckStatuses(
  ctx: Pick<AppContext, 'db'>,
  now = new Date(),
): Promise<{ hours: number; days: number; until: Date }> {
  const db = ctx.db;
  const state = await rollupState(db);
  const running = await oldestRunningSlot(db.kysely, CANARY_SCHEDULE_KIND);
  const cutoff = new Date(Math.min(now.getTime() - SETTLE_MS, running?.getTime() ?? Infinity));
  const from = state.hourly ?? (await oldestStatusDay(db)) ?? new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  let hours = 0;
  for (let t = Math.floor(from.getTime() / HOUR) * HOUR; t < cutoff.getTime(); t += CHUNK_HOURS * HOUR) {
    hours += await rollupHours(db, new Date(t), new Date(Math.min(t + CHUNK_HOURS * HOUR, cutoff.getTime())));
  }
  const until = cutoff > from ? cutoff : from;
  await setRollupState(db, 'hourly', until);
  const dayFrom = state.daily ?? new Date(Math.floor(from.getTime() / DAY) * DAY);
  const dayTo = new Date(Math.floor(until.getTime() / DAY) * DAY);
  let days = 0;
  if (dayTo > dayFrom) {
    days = await rollupDays(db, dayFrom, dayTo);
    await setRollupState(db, 'daily', dayTo);
  } else if (!state.daily) {
    await setRollupState(db, 'daily', dayFrom);
  }
  return { hours, days, until };
}

/**
 * Retention: raw statuses older than OPS_CHECK_STATUS_RETENTION_DAYS go by whole days (never before they
 * are rolled up), hourly and daily rollups after their own retention; upcoming partitions are created.
 */
export async function checkStatusRetention(
  ctx: Pick<AppContext, 'db' | 'config'>,
  now = new Date(),
): Promise<{ days: number; hourly: number; daily: number }> {
  const { db, config } = ctx;
  await ensureUpcomingPartitions(db, now);
  const rolled = (await rollupState(db)).hourly;
  const rawCutoff = now.getTime() - config.OPS_CHECK_STATUS_RETENTION_DAYS * DAY;
  const days = rolled ? await dropStatusDaysBefore(db, new Date(Math.min(rawCutoff, rolled.getTime()))) : 0;
  const hourly = await deleteRollupsBefore(
    db,
    'check_statuses_1h',
    new Date(now.getTime() - config.OPS_CHECK_ROLLUP_HOURLY_RETENTION_DAYS * DAY),
  );
  const daily = await deleteRollupsBefore(
    db,
    'check_statuses_1d',
    new Date(now.getTime() - config.OPS_CHECK_ROLLUP_DAILY_RETENTION_DAYS * DAY),
  );
  return { days, hourly, daily };
}

/** The check-summary schedule's body: the last hour's figures per check, for the dashboard's default view. */
export async function checkSummaryJob(ctx: AppContext, run: JobRun): Promise<void> {
  const checks = await refreshLastHour(ctx.db, new Date());
  run.success(checks);
  run.details.summary = { checks };
}

/** The rollup schedule's body. */
export async function checkRollupJob(ctx: AppContext, run: JobRun): Promise<void> {
  const r = await rollupCheckStatuses(ctx);
  run.success(r.hours + r.days);
  run.details.summary = { hourly_rows: r.hours, daily_rows: r.days, rolled_until: r.until.toISOString() };
}

/** The retention schedule's body. */
export async function checkRetentionJob(ctx: AppContext, run: JobRun): Promise<void> {
  const r = await checkStatusRetention(ctx);
  run.success(r.days + r.hourly + r.daily);
  run.details.summary = { dropped_days: r.days, deleted_hourly: r.hourly, deleted_daily: r.daily };
}
