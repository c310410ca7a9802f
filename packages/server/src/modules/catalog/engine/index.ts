// The scraper engine's public API: parse a ScrapeConfig, run it into a ScrapeResult, and the pure
// helpers persistence builds on (diffs, change rules, analyzer ratings, health, full-mode entities).

export * from './types.js';
export {
  parseScrapeConfig,
  ScrapeConfigError,
  SUPPORTED_SCRAPER_TYPES,
  type ParsedScrapeConfig,
  type ScraperTypeName,
} from './spec/parse-scrape-config.js';
export { parseSchedule, DEFAULT_SCHEDULE, MIN_SCHEDULE_INTERVAL_MS, type Schedule } from './spec/schedule.js';
export { parseDurationMs } from './spec/duration.js';
export {
  SCRAPE_CONFIG_API_VERSION,
  SCRAPE_CONFIG_KIND,
  scrapeConfigSchema,
  type ScrapeConfigDocument,
  type RetentionSpec,
} from './spec/scrape-config.schema.js';
export { runScrape } from './run-scrape.js';
export {
  StaticSecretResolver,
  type ScrapeContext,
  type SecretResolver,
  type ConnectionResolver,
  type ResolvedConnection,
} from './context.js';
export { diffConfigs, type ConfigDiff } from './changes/diff-configs.js';
export { applyChangeRules, changeEnv, BUILTIN_CHANGE_RULES, type ChangeRule, type ChangeRulesOutcome } from './changes/change-rules.js';
export { rateAnalysis, BUILTIN_ANALYZER_RULES, type AnalyzerRule } from './analysis/analysis-rules.js';
export { kubernetesHealth, KUBERNETES_HEALTH_KINDS, type HealthResult } from './health/kubernetes-health.js';
export { extractFullDocument, type ExtractedDocument } from './full-mode/extract-document.js';
export { syncEntities, resolveAccess } from './full-mode/resolve-entities.js';
export { MemoryEntityResolver, type EntityResolver, type EntityKind } from './full-mode/entity-resolver.js';
export { itemEnv } from './pipeline/item-env.js';
export { KubernetesWatch, type WatchOptions } from './scrapers/kubernetes/kubernetes-watch.js';
