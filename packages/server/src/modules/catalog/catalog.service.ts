// The catalogue area's face to other modules: the ScrapeConfig apply kind, running a scraper, and
// persisting a scrape result (used by agents and tests that push results).
export { scrapeConfigKind } from './scrapers/scrape-config.kind.js';
export { runScraperNow, ScraperBusyError } from './scrapers/scraper.service.js';
export { saveScrapeResult, type SaveCounts, type SaveTarget } from './persistence/save-result.js';
