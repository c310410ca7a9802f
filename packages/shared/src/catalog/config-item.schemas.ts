/**
 * Config item rows of the data API (`/api/db/configs`, `/api/db/config_detail`, `/api/db/config_items`) and the
 * lookup views (`config_names`, `config_types`, `config_tags`, `config_labels`, `config_statuses`).
 * Field names follow Mission Control so its clients keep working.
 */
import { z } from 'zod';
import { ANALYSIS_TYPES } from './constants.js';
import type { DbRow } from '../db/rows.generated.js';

const timestamp = z.string();

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
export type ConfigItemRow = DbRow<'configs'> & {
  labels: Record<string, string>;
  tags: Record<string, string>;
  analysis: AnalysisCounts;
  /** Present when embedded: `select=*,agent:agents(id,name)`. */
  agent?: LinkRef | null;
};

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
export type ConfigDetailRow = DbRow<'config_detail'> &
  ConfigItemRow & {
    format: string;
    properties: Record<string, unknown>[] | null;
    config_scrapers: LinkRef | null;
    agent: LinkRef | null;
    summary: ConfigDetailSummary;
  };

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
export type ConfigKeyValueRow = DbRow<'config_tags'> & { key: string; value: string };
