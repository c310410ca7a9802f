// The catalogue area as the rest of the server uses it: the ScrapeConfig apply kind, Run Now, the scrape
// scheduler the composition root starts, saving a scrape result, and its periodic jobs and relations.
// Its routes are registered from modules/route-modules.ts.
export { scrapeConfigKind } from './scrapers/scrape-config.kind.js';
export { runScraperNow, ScraperBusyError, ScraperScheduler } from './scrapers/scraper.service.js';
export { saveScrapeResult, type SaveCounts, type SaveTarget } from './persistence/save-result.js';
export { configIdsForSelectors, type ConfigSelector } from './persistence/config-selectors.js';
export { catalogRetentionJob } from './catalog-retention.job.js';
export { catalogSummaryWindowJob } from './catalog-summary-window.job.js';
export { CATALOG_FUNCTIONS, CATALOG_RELATIONS } from './catalog.relations.js';
// The Kubernetes client and kubeconfig reader, shared with connection tests.
export { KubeClient } from './engine/scrapers/kubernetes/kube-client.js';
export { parseKubeConfig, type KubeConnection } from './engine/scrapers/kubernetes/kubeconfig.js';
export { storedKubeConnection } from './engine/scrapers/kubernetes/kube-connection-ref.js';
