/** Catalogue constants (defaults, limits, orders), shared by the server (enforcement) and the web (display). */

/** The kind users apply for a scraper (config-db's apiVersion). */
export const SCRAPE_CONFIG_API_VERSION = 'configs.flanksource.com/v1';
export const SCRAPE_CONFIG_KIND = 'ScrapeConfig';

/** Scraper schedule default and the shortest interval accepted. */
export const SCRAPER_SCHEDULE_DEFAULT = '@every 60m';
export const SCRAPER_SCHEDULE_MIN_SECONDS = 29;

/** Health of a config item, with its sort order (info 4, healthy 3, warning 2, unhealthy 1). */
export const CONFIG_HEALTH = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;
export type ConfigHealth = (typeof CONFIG_HEALTH)[number];
export const HEALTH_SORT_ORDER: Record<string, number> = { info: 4, healthy: 3, warning: 2, unhealthy: 1 };

/** Analysis (insight) types and severities. */
export const ANALYSIS_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technical_debt',
  'reliability',
  'recommendation',
  'other',
] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];
export const ANALYSIS_SEVERITIES = ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'] as const;
export type AnalysisSeverity = (typeof ANALYSIS_SEVERITIES)[number];
/** config-db's analysis statuses; acknowledging a finding silences it (listed, no longer counted as open). */
export const ANALYSIS_STATUSES = ['open', 'resolved', 'silenced'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** Severity levels shown in summaries; 'low' is merged into 'medium'. */
export const SUMMARY_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

/** Change types the differ itself produces; scrapers and mappings add others (e.g. 'Pulled', 'ScalingReplicaSet'). */
export const CHANGE_TYPE_DIFF = 'diff';
export const CHANGE_TYPE_CREATE = 'CREATE';
export const CHANGE_TYPE_DELETE = 'DELETE';
export const CHANGE_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;

/** Changes list: page size default 200, last 2 days, recursion depth 5. */
export const CHANGES_PAGE_SIZE_DEFAULT = 200;
export const CHANGES_PAGE_SIZE_MAX = 1000;
export const CHANGES_TIME_RANGE_DEFAULT = 'now-2d';
export const CHANGES_DEPTH_DEFAULT = 5;
export const CHANGES_RECURSIVE = ['all', 'none', 'upstream', 'downstream'] as const;
export type ChangesRecursive = (typeof CHANGES_RECURSIVE)[number];

/** Related configs: defaults and limits of the related-configs query. */
export const RELATED_CONFIGS_MAX_DEPTH = 10;
export const RELATION_TYPE_FILTERS = ['incoming', 'outgoing', 'all'] as const;
export type RelationTypeFilter = (typeof RELATION_TYPE_FILTERS)[number];
/** 'hard' = parent/child links only; 'both' = also soft (scraper or manual) relationships. */
export const RELATION_KINDS = ['hard', 'both'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/** Summary windows: changes, analysis and cost over 30 days. */
export const CATALOG_SUMMARY_WINDOW = '30d';

/** A scrape older than this shows the 'Last scraped' warning. */
export const STALE_SCRAPE_MS = 60 * 60 * 1000;

/** Insights list defaults. */
export const INSIGHTS_PAGE_SIZE_DEFAULT = 50;
export const INSIGHT_MESSAGE_MAX_CHARS = 500;

/** Manual component ↔ config links carry this selector id; only these may be removed. */
export const MANUAL_SELECTOR_ID = 'manual';

/** Catalogue list defaults. */
export const CATALOG_GROUP_BY_DEFAULT = 'config_class,type';
/** A groupBy entry ending with this is a tag key (`cluster__tag` groups by tags->>'cluster'). */
export const TAG_GROUP_SUFFIX = '__tag';
/** Label filter entries are `key__:__value`, comma separated. */
export const LABEL_FILTER_SEPARATOR = '__:__';
/** Change tag filter values are `key____value`, ':-1' excludes. */
export const CHANGE_TAG_FILTER_SEPARATOR = '____';
