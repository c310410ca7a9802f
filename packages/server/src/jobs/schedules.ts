import { checkConfigLinksJob, checkRetentionJob, checkRollupJob, checkSummaryJob } from '../modules/health/index.js';
import { catalogRetentionJob, catalogSummaryWindowJob } from '../modules/catalog/index.js';
import { jobHistoryRetention } from '../modules/job-history/index.js';
import type { Schedule } from './schedule.js';

/**
 * EVERY periodic job of the server, in one list. Each fires once per cron tick (UTC) across all server
 * processes sharing the database; each run is recorded in job_history. Add an area's jobs here.
 */
export const SCHEDULES: Schedule[] = [
  {
    name: 'check-summary',
    cron: '* * * * *',
    resourceType: 'check_statuses',
    description: "Recomputes the last hour's uptime and latency percentiles per check (the health dashboard's default view).",
    run: checkSummaryJob,
  },
  {
    name: 'check-rollups',
    cron: '*/5 * * * *',
    resourceType: 'check_statuses',
    description: 'Rolls check statuses up into hourly rows (up to a settled cutoff) and whole days into daily rows.',
    run: checkRollupJob,
  },
  {
    name: 'check-retention',
    cron: '41 * * * *',
    resourceType: 'check_statuses',
    description:
      'Drops check statuses older than OPS_CHECK_STATUS_RETENTION_DAYS by whole days, old rollups, and creates upcoming partitions.',
    run: checkRetentionJob,
  },
  {
    name: 'check-config-links',
    cron: '*/5 * * * *',
    resourceType: 'check_config_relationships',
    description:
      "Links checks to the config items their relationships.configs selectors match now (items scraped since the canary's last sync).",
    run: checkConfigLinksJob,
  },
  {
    name: 'job-history-retention',
    cron: '17 * * * *',
    resourceType: 'job_history',
    description: 'Deletes job history older than OPS_JOB_HISTORY_RETENTION_DAYS (in batches) and marks abandoned runs STOPPED.',
    run: jobHistoryRetention,
  },
  {
    name: 'event-queue-cleanup',
    cron: '23 * * * *',
    resourceType: 'event_queue',
    description: 'Deletes events that gave up retrying more than OPS_JOB_HISTORY_RETENTION_DAYS ago.',
    run: async (ctx, run) => {
      const deleted = await ctx.events.cleanup(ctx.config.OPS_JOB_HISTORY_RETENTION_DAYS);
      run.success(deleted);
      run.details.summary = { deleted };
    },
  },
  {
    name: 'sessions-cleanup',
    cron: '*/15 * * * *',
    resourceType: 'sessions',
    description: 'Deletes sign-in sessions past their expiry.',
    run: async (ctx, run) => {
      const deleted = await ctx.identity.deleteExpiredSessions();
      run.success(deleted);
      run.details.summary = { deleted };
    },
  },
  {
    name: 'catalog-retention',
    cron: '41 * * * *',
    resourceType: 'config_scraper',
    description: "Applies each scraper's retention (changes by type, age and count; items by type; stale items) between scrapes.",
    run: catalogRetentionJob,
  },
  {
    name: 'catalog-summary-window',
    cron: '*/5 * * * *',
    resourceType: 'config_item',
    description: "Moves the items' summary counters (changes and open findings) with the catalogue summary's 30-day window, once a day.",
    run: catalogSummaryWindowJob,
  },
];
