// Scheduling of applied specs: "a user's spec runs on its schedule". Parse the schedule once under the
// kind's rules, compute the next run with jitter, claim due runs with a lease across server processes,
// Run Now under the same lease. System jobs (retention, rollups) are not this: they stay on pg-boss in
// jobs/schedules.ts. See ADR 0014 and docs/architecture.md.
export { Cron } from './cron.js';
export { parseDurationMs } from './duration.js';
export { parseSchedule, type Schedule, type ScheduleRules } from './schedule.js';
export {
  firstRunAt,
  nextRunAfter,
  runTimeoutMs,
  stableOffset,
  FIRST_RUN_SPREAD_MS,
  CRON_JITTER_MAX_MS,
  type EveryAlignment,
} from './next-run.js';
export {
  completeRuns,
  completeRunsQuery,
  lockSchedules,
  markSynced,
  oldestRunningSlot,
  releaseLeasesOf,
  scheduleOf,
  type ChangedResource,
  type ClaimedRun,
  type RunCompletion,
  type SyncedSchedule,
} from './spec-schedules.repository.js';
export { SpecScheduler, type ScheduledKind, type SpecSchedulerOptions } from './spec-scheduler.js';
export { withRunLease, ResourceBusyError, type RunLeaseOptions } from './run-lease.js';
