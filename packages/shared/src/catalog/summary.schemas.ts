/**
 * `POST /api/catalog/summary`: the catalogue summary grouped table. All figures are SQL
 * aggregates over the live items (or all items with `deleted: true`).
 */
import { z } from 'zod';
import { CATALOG_SUMMARY_WINDOW } from './constants.js';
import { analysisCountsSchema } from './config-item.schemas.js';

/** A window like '30d', '7d', '12h' (duration) counted back from now. */
const sinceSchema = z.object({ since: z.string().default(CATALOG_SUMMARY_WINDOW) });

/**
 * The summary request. `groupBy` entries: a column (`type`, `config_class`, `status`, `health`, `agent_id`,
 * `scraper_id`), a tag key with the `__tag` suffix (`cluster__tag` → tags->>'cluster') or any other text as a
 * label key (labels->>key). Default `['type']`.
 * `filter`: equality on columns (`type`, `config_class`, `status`, `health`, `agent_id`, `scraper_id`); values may
 * be comma lists with `!` exclusions (`Kubernetes::Pod,!Kubernetes::Node`) and '::' may be written '__'.
 * `labels`/`tags`: key → value equality ('key__:__value' pairs also accepted as a comma list string).
 * `health`/`status`: comma lists; each value may carry ':1' (include) or ':-1' (exclude) like the URL.
 * `deleted`: include deleted items (default false: live only).
 */
export const catalogSummaryRequestSchema = z.object({
  groupBy: z.array(z.string().min(1)).default(['type']),
  filter: z.record(z.string(), z.string()).default({}),
  labels: z.union([z.record(z.string(), z.string()), z.string()]).optional(),
  tags: z.union([z.record(z.string(), z.string()), z.string()]).optional(),
  health: z.string().optional(),
  status: z.string().optional(),
  search: z.string().optional(),
  deleted: z.boolean().default(false),
  changes: sinceSchema.default({ since: CATALOG_SUMMARY_WINDOW }),
  analysis: sinceSchema.default({ since: CATALOG_SUMMARY_WINDOW }),
  /** Cost window; only '30d' is kept per item (cost_total_30d), other values are refused. */
  cost: z.string().default(CATALOG_SUMMARY_WINDOW),
});
export type CatalogSummaryRequest = z.input<typeof catalogSummaryRequestSchema>;
export type CatalogSummaryQuery = z.output<typeof catalogSummaryRequestSchema>;

/** Health counts of a group; every key is present. */
export const healthCountsSchema = z.object({
  healthy: z.number().int(),
  unhealthy: z.number().int(),
  warning: z.number().int(),
  unknown: z.number().int(),
});
export type HealthCounts = z.infer<typeof healthCountsSchema>;

/**
 * One group. `group` holds each requested groupBy entry (as requested) → its value (null when the item lacks
 * it); `type` repeats the type when grouped by type. `changes` counts changes of the group's items within the
 * changes window (a deduplicated change counts once), `analysis` open findings first seen within the window by
 * type; `cost_total_30d` and `cost_per_minute` are sums.
 */
export const catalogSummaryRowSchema = z.object({
  group: z.record(z.string(), z.string().nullable()),
  type: z.string().nullable().optional(),
  count: z.number().int(),
  deleted: z.number().int(),
  health: healthCountsSchema,
  status: z.record(z.string(), z.number().int()),
  analysis: analysisCountsSchema,
  changes: z.number().int(),
  cost_per_minute: z.number(),
  cost_total_30d: z.number(),
  last_scraped_time: z.string().nullable(),
});
export type CatalogSummaryRow = z.infer<typeof catalogSummaryRowSchema>;

/** The summary response: rows sorted by the group values; `duration` is the server time in ms. */
export const catalogSummaryResponseSchema = z.object({
  groupBy: z.array(z.string()),
  rows: z.array(catalogSummaryRowSchema),
  total: z.number().int(),
  duration: z.number(),
});
export type CatalogSummaryResponse = z.infer<typeof catalogSummaryResponseSchema>;
