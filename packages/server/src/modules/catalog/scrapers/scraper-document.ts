// A stored scraper as the ScrapeConfig document users apply and `ops get` prints.
import { SCRAPE_CONFIG_API_VERSION, SCRAPE_CONFIG_KIND } from '@ops/shared';
import { parseScrapeConfig, type ParsedScrapeConfig } from '../engine/index.js';
import type { ScraperRecord } from './scraper.repository.js';

/** The document of a stored scraper (re-appliable). */
export function scraperDocument(s: ScraperRecord): {
  apiVersion: string;
  kind: string;
  metadata: Record<string, unknown> & { name: string; namespace: string };
  spec: Record<string, unknown>;
} {
  return {
    apiVersion: SCRAPE_CONFIG_API_VERSION,
    kind: SCRAPE_CONFIG_KIND,
    metadata: { name: s.name, namespace: s.namespace, uid: s.id, ...(Object.keys(s.labels ?? {}).length ? { labels: s.labels } : {}) },
    spec: s.spec,
  };
}

/** The stored scraper parsed for a run (throws ScrapeConfigError naming the bad field). */
export function parseStoredScraper(s: ScraperRecord): ParsedScrapeConfig {
  return parseScrapeConfig(scraperDocument(s));
}
