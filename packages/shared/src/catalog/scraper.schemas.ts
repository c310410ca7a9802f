/**
 * Scrapers (`config_scrapers`, `config_scrapers_with_status`) and the summary of one scrape run, answered by
 * `POST /api/config/scrapers/{id}/run` and kept in the run's job history `details`.
 */
import { z } from 'zod';
import type { DbRow } from '../db/rows.generated.js';

const timestamp = z.string();

/**
 * One `config_scrapers` row: `spec` is the ScrapeConfig spec as written (unknown fields kept); `source` says where
 * it came from ('UI', 'apply', 'ConfigFile'…; read-only for users). The schedule lives in the spec (and in
 * `config_scrapers_with_status.schedule`).
 */
export type ConfigScraperRow = DbRow<'config_scrapers'> & { spec: Record<string, unknown>; labels: Record<string, string> };

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
export type ConfigScraperWithStatusRow = DbRow<'config_scrapers_with_status'> &
  ConfigScraperRow & {
    /** The spec's schedule ('' when it has none; the view coalesces it). */
    schedule: string;
    job_status: 'RUNNING' | 'SUCCESS' | 'WARNING' | 'FAILED' | 'STOPPED' | null;
    job_details: Partial<ScrapeRunSummary> | null;
    config_count: number;
  };

/** Answer of `POST /api/config/scrapers/{id}/run`: the run's summary plus its job history id. */
export const scraperRunResponseSchema = z.object({ job_history_id: z.string(), summary: scrapeRunSummarySchema });
export type ScraperRunResponse = z.infer<typeof scraperRunResponseSchema>;
