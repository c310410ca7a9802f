/**
 * Config item rows of the data API (`/api/db/configs`, `/api/db/config_detail`, `/api/db/config_items`) and the
 * lookup views (`config_names`, `config_types`, `config_tags`, `config_labels`, `config_statuses`).
 * Field names follow Mission Control so its clients keep working.
 */
import { z } from 'zod';
import { ANALYSIS_TYPES } from './constants.js';

const timestamp = z.string();
const stringMap = z.record(z.string(), z.string());

/** `{id, name}` of a linked agent or scraper, as embedded (`agent:agents(id,name)`) or built by a view. */
export const linkRefSchema = z.object({ id: z.string(), name: z.string() });
export type LinkRef = z.infer<typeof linkRefSchema>;

/** Finding counts by analysis type; absent types are 0. */
export const analysisCountsSchema = z.partialRecord(z.enum(ANALYSIS_TYPES), z.number().int());
export type AnalysisCounts = z.infer<typeof analysisCountsSchema>;

/**
 * One row of the `configs` view (the catalogue list). `changes` counts the item's changes (each
 * deduplicated change once) and `analysis` its open findings by type; both are maintained counters.
 */
export const configItemRowSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  type: z.string(),
  config_class: z.string(),
  status: z.string().nullable(),
  health: z.string().nullable(),
  ready: z.boolean(),
  description: z.string().nullable(),
  labels: stringMap,
  tags: stringMap,
  external_id: z.array(z.string()),
  path: z.string().nullable(),
  parent_id: z.string().nullable(),
  scraper_id: z.string().nullable(),
  agent_id: z.string(),
  created_at: timestamp,
  updated_at: timestamp.nullable(),
  deleted_at: timestamp.nullable(),
  last_scraped_time: timestamp.nullable(),
  cost_per_minute: z.number().nullable(),
  cost_total_1d: z.number().nullable(),
  cost_total_7d: z.number().nullable(),
  cost_total_30d: z.number().nullable(),
  changes: z.number().int(),
  analysis: analysisCountsSchema,
  /** Present when embedded: `select=*,agent:agents(id,name)`. */
  agent: linkRefSchema.nullable().optional(),
});
export type ConfigItemRow = z.infer<typeof configItemRowSchema>;

/** Counts shown as tab badges of the config detail. */
export const configDetailSummarySchema = z.object({
  changes: z.number().int(),
  analysis: z.number().int(),
  relationships: z.number().int(),
  playbook_runs: z.number().int(),
  checks: z.number().int(),
});
export type ConfigDetailSummary = z.infer<typeof configDetailSummarySchema>;

/**
 * One row of `config_detail`: the list row plus the body (`config`, a JSON value; its source format in
 * `format`: json, yaml or properties), properties, the scraper and agent refs and the badge counts.
 */
export const configDetailRowSchema = configItemRowSchema.extend({
  config: z.unknown(),
  format: z.string(),
  properties: z.array(z.record(z.string(), z.unknown())).nullable(),
  config_scrapers: linkRefSchema.nullable(),
  agent: linkRefSchema.nullable(),
  summary: configDetailSummarySchema,
});
export type ConfigDetailRow = z.infer<typeof configDetailRowSchema>;

/** `config_names`: id, name, type, config_class and deleted_at of every item (pickers and lookups). */
export const configNameRowSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  type: z.string(),
  config_class: z.string(),
  deleted_at: timestamp.nullable(),
});
export type ConfigNameRow = z.infer<typeof configNameRowSchema>;

/** `config_types` / `config_statuses` / `change_types` / `analysis_types` / `config_analysis_analyzers`: one distinct value each. */
export const configTypeRowSchema = z.object({ type: z.string() });
export const configStatusRowSchema = z.object({ status: z.string() });
export const changeTypeRowSchema = z.object({ change_type: z.string() });
export const analysisTypeRowSchema = z.object({ analysis_type: z.string() });
export const analyzerRowSchema = z.object({ analyzer: z.string() });

/** `config_tags` / `config_labels`: one distinct key/value pair of live items. */
export const configKeyValueRowSchema = z.object({ key: z.string(), value: z.string() });
export type ConfigKeyValueRow = z.infer<typeof configKeyValueRowSchema>;
