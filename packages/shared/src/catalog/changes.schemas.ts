/**
 * Config changes: the `config_changes` relation of the data API and `POST /api/catalog/changes`
 * (the changes screens and the changes search). Field names follow Mission Control's CatalogChangesSearchRequest.
 */
import { z } from 'zod';
import {
  CHANGES_DEPTH_DEFAULT,
  CHANGES_PAGE_SIZE_DEFAULT,
  CHANGES_PAGE_SIZE_MAX,
  CHANGES_RECURSIVE,
  CHANGES_TIME_RANGE_DEFAULT,
} from './constants.js';
import type { DbRow } from '../db/rows.generated.js';

const timestamp = z.string();

/** One RFC 6902 operation of a change's `patches`. */
export const jsonPatchOpSchema = z.object({
  op: z.enum(['add', 'remove', 'replace', 'move', 'copy', 'test']),
  path: z.string(),
  from: z.string().optional(),
  value: z.unknown().optional(),
});
export type JsonPatchOp = z.infer<typeof jsonPatchOpSchema>;

/**
 * One `config_changes` row. A repeated change (same fingerprint within the dedup window) bumps `count` and
 * `created_at` (last seen); `first_observed` keeps the first time. `patches` is RFC 6902 against the previous
 * body, `diff` a unified diff; both null for changes that are not body diffs.
 */
export type ConfigChangeRow = DbRow<'config_changes'> & {
  details: Record<string, unknown> | null;
  patches: JsonPatchOp[] | null;
};

/**
 * The changes search. `id`: config id(s), comma separated. `config_type`, `type` (change type), `severity`,
 * `source`, `created_by`, `external_created_by`, `summary`: comma lists with '!' exclusions (`summary` matches
 * case-insensitive substrings). `from`/`to`: ISO time, date math ('now-2d') or a duration ('2d' = since 2 days
 * ago); default from 'now-2d'. `tags`: a label selector over the config's tags — `k=v`, `k!=v`, `k in (a,b)`,
 * `k notin (a,b)`, `k`, `!k`, comma separated. `recursive`: with `id`, 'all' (up and down) | 'downstream' |
 * 'upstream' | 'none' (default), to `depth` (default 5). `sort_by`: a column, '-' prefix for descending
 * (default '-created_at'). `filters`: further equality filters on change columns (arbitrary filters).
 */
export const catalogChangesRequestSchema = z.object({
  id: z.string().optional(),
  config_type: z.string().optional(),
  type: z.string().optional(),
  severity: z.string().optional(),
  source: z.string().optional(),
  summary: z.string().optional(),
  created_by: z.string().optional(),
  external_created_by: z.string().optional(),
  from: z.string().default(CHANGES_TIME_RANGE_DEFAULT),
  to: z.string().optional(),
  tags: z.string().optional(),
  recursive: z.enum(CHANGES_RECURSIVE).default('none'),
  depth: z.number().int().min(0).max(10).default(CHANGES_DEPTH_DEFAULT),
  include_deleted_configs: z.boolean().default(false),
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(CHANGES_PAGE_SIZE_MAX).default(CHANGES_PAGE_SIZE_DEFAULT),
  sort_by: z.string().default('-created_at'),
  filters: z.record(z.string(), z.string()).optional(),
});
export type CatalogChangesRequest = z.input<typeof catalogChangesRequestSchema>;
export type CatalogChangesQuery = z.output<typeof catalogChangesRequestSchema>;

/** A change as listed: the change without its body fields plus the config's name, type, tags and deleted_at. */
export const catalogChangeListRowSchema = z.object({
  id: z.string(),
  config_id: z.string(),
  external_change_id: z.string().nullable(),
  change_type: z.string(),
  severity: z.string().nullable(),
  source: z.string().nullable(),
  summary: z.string().nullable(),
  created_by: z.string().nullable(),
  external_created_by: z.string().nullable(),
  created_at: timestamp,
  first_observed: timestamp,
  count: z.number().int(),
  name: z.string().nullable(),
  type: z.string(),
  config_class: z.string(),
  tags: z.record(z.string(), z.string()),
  agent_id: z.string(),
  deleted_at: timestamp.nullable(),
});
export type CatalogChangeListRow = z.infer<typeof catalogChangeListRowSchema>;

/** The page plus the total matching and the counts by change type over all matching changes. */
export const catalogChangesResponseSchema = z.object({
  changes: z.array(catalogChangeListRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  summary: z.record(z.string(), z.number().int()),
  duration: z.number(),
});
export type CatalogChangesResponse = z.infer<typeof catalogChangesResponseSchema>;
