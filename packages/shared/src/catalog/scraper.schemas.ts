/**
 * Scrapers (`config_scrapers`, `config_scrapers_with_status`) and the summary of one scrape run, answered by
 * `POST /api/config/scrapers/{id}/run` and kept in the run's job history `details`.
 */
import { z } from 'zod';

const timestamp = z.string();

/** One `config_scrapers` row: `spec` is the ScrapeConfig spec as written (unknown fields kept). */
export const configScraperRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  description: z.string().nullable(),
  spec: z.record(z.string(), z.unknown()),
  /** Where it came from: 'UI', 'apply', 'ConfigFile'…; read-only for users. */
  source: z.string().nullable(),
  /** The spec's schedule or the default '@every 60m'. */
  schedule: z.string(),
  agent_id: z.string(),
  created_by: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type ConfigScraperRow = z.infer<typeof configScraperRowSchema>;

/** The counts of one scrape run. `changes` are new change rows, `changes_deduped` repeats counted on existing rows. */
export const scrapeRunSummarySchema = z.object({
  scraper_id: z.string(),
  status: z.enum(['SUCCESS', 'WARNING', 'FAILED']),
  /** False when any scraper or item failed: then nothing was deleted or resolved. */
  complete: z.boolean(),
  started_at: timestamp,
  duration_ms: z.number(),
  scraped: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  deleted: z.number().int(),
  changes: z.number().int(),
  changes_deduped: z.number().int(),
  analysis: z.number().int(),
  analysis_resolved: z.number().int(),
  relationships: z.number().int(),
  /** Items per config type seen in this run. */
  types: z.record(z.string(), z.number().int()),
  errors: z.array(z.string()),
});
export type ScrapeRunSummary = z.infer<typeof scrapeRunSummarySchema>;

/**
 * One `config_scrapers_with_status` row: the scraper with its latest run (job history) and item counts.
 * `job_status` null when it never ran; `job_details` is the last run's ScrapeRunSummary.
 */
export const configScraperWithStatusRowSchema = configScraperRowSchema.extend({
  job_status: z.enum(['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED']).nullable(),
  job_time_start: timestamp.nullable(),
  job_time_end: timestamp.nullable(),
  job_last_failed: timestamp.nullable(),
  job_details: scrapeRunSummarySchema.partial().nullable(),
  config_count: z.number().int(),
  last_scraped_time: timestamp.nullable(),
});
export type ConfigScraperWithStatusRow = z.infer<typeof configScraperWithStatusRowSchema>;

/** Answer of `POST /api/config/scrapers/{id}/run`: the run's summary plus its job history id. */
export const scraperRunResponseSchema = z.object({ job_history_id: z.string(), summary: scrapeRunSummarySchema });
export type ScraperRunResponse = z.infer<typeof scraperRunResponseSchema>;
