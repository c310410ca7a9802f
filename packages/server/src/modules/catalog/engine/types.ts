// The output of a scrape: plain JSON-able records the persistence layer stores as they are.
// Field names follow the database columns (snake_case) so nothing is renamed on the way in.
import type { AccessLog, ConfigAccess, ExternalEntity, MembershipInput } from './full-mode/access-types.js';

export type Health = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

/** A reference to a config item by its external id and type (how scrapes name each other's items). */
export interface ExternalRef {
  external_id: string;
  type: string;
}

/** A property shown on a config item (name, text or value, with optional unit and link). */
export interface ConfigProperty {
  name: string;
  [key: string]: unknown;
}

/** One scraped config item. `id` is the external id; `external_id` lists it plus any aliases. */
export interface ScrapedConfig {
  id: string;
  external_id: string[];
  name: string;
  type: string;
  config_class: string;
  config: unknown;
  format: string;
  labels: Record<string, string>;
  tags: Record<string, string>;
  properties: ConfigProperty[];
  status?: string;
  health?: Health;
  ready?: boolean;
  description?: string;
  /** The item this one belongs to (namespace, owner, cluster) when the scraper knows it. */
  parent?: ExternalRef;
  created_at?: string;
  deleted_at?: string;
  delete_reason?: string;
  /** Where the item came from (file path, URL, query, API path). */
  source?: string;
  /** Which scraper entry produced it, e.g. "file[0]". */
  scraper: string;
  /** Cost figures a full-mode document reported for the item. */
  cost?: ItemCost;
}

/** An item's cost as config_items keeps it: per minute now, and totals over the last 1, 7 and 30 days. */
export interface ItemCost {
  cost_per_minute?: number;
  cost_total_1d?: number;
  cost_total_7d?: number;
  cost_total_30d?: number;
}

/** A change event for a config item: from a diff, from the source (events, full mode) or mapped by rules. */
export interface ChangeResult {
  external_id: string;
  config_type: string;
  external_change_id: string;
  change_type: string;
  action?: string;
  summary?: string;
  severity?: string;
  source?: string;
  created_by?: string;
  created_at?: string;
  details?: Record<string, unknown>;
  /** RFC 6902 operations, for diff changes. */
  patches?: JsonPatchOp[];
  /** The same change as a merge patch, which change rules read as `patch`. */
  merge_patch?: unknown;
  diff?: string;
  scraper_id?: string;
  config_id?: string;
  [key: string]: unknown;
}

export type AnalysisType =
  | 'availability'
  | 'compliance'
  | 'cost'
  | 'integration'
  | 'other'
  | 'performance'
  | 'recommendation'
  | 'reliability'
  | 'security'
  | 'technical_debt';

/** An insight about a config item. */
export interface AnalysisResult {
  external_id: string;
  config_type: string;
  analyzer: string;
  analysis_type: string;
  severity: string;
  summary?: string;
  messages?: string[];
  status?: string;
  source?: string;
  analysis?: Record<string, unknown>;
  first_observed?: string;
  last_observed?: string;
  external_configs?: Array<Partial<ExternalRef> & { config_id?: string; config_type?: string }>;
  [key: string]: unknown;
}

/** How to find the other end of a relationship; the persistence layer resolves it. */
export interface RelationshipSelector {
  id?: string;
  external_id?: string;
  type?: string;
  name?: string;
  namespace?: string;
  agent?: string;
  scope?: string;
  labels?: Record<string, string>;
}

/** A link from a scraped item to another item (the selector), optionally with the parent direction flipped. */
export interface RelationshipResult {
  config: ExternalRef;
  related: RelationshipSelector;
  relation?: string;
  /** True when `related` is the parent of `config` rather than its child. */
  parent?: boolean;
}

/** A per-item or per-scraper failure. A scrape with errors is never treated as complete. */
export interface ScrapeError {
  scraper: string;
  item?: string;
  message: string;
}

/** A non-fatal problem in extracted data (a dropped change, an unresolved reference). */
export interface ScrapeWarning {
  error: string;
  scraper?: string;
  result?: unknown;
  count: number;
}

export interface JsonPatchOp {
  op: 'add' | 'remove' | 'replace';
  path: string;
  value?: unknown;
}

/** Counts of what a scrape produced, by entity. */
export interface EntityCount {
  scraped: number;
  saved: number;
  skipped: number;
}

export interface ScrapeSummary {
  configs: EntityCount;
  changes: EntityCount;
  analysis: EntityCount;
  relationships: EntityCount;
  errors: number;
  by_type: Record<string, number>;
}

/** The whole result of running one ScrapeConfig (or a watch batch). */
export interface ScrapeResult {
  configs: ScrapedConfig[];
  changes: ChangeResult[];
  analysis: AnalysisResult[];
  relationships: RelationshipResult[];
  errors: ScrapeError[];
  warnings: ScrapeWarning[];
  /** Full-mode access entities, passed through for the persistence layer. */
  entities: AccessEntities;
  /** False when any part failed or the result is incremental: absence of an item then means nothing. */
  complete: boolean;
  summary: ScrapeSummary;
  started_at: string;
  finished_at: string;
}

/** External users, groups, roles and access records extracted from full-mode documents. */
export interface AccessEntities {
  external_users: ExternalEntity[];
  external_groups: ExternalEntity[];
  external_roles: ExternalEntity[];
  /** Memberships by id or by aliases; persistence resolves both sides. */
  external_user_groups: MembershipInput[];
  config_access: ConfigAccess[];
  access_logs: AccessLog[];
}
