import type { ScraperTypeName } from '../spec/parse-scrape-config.js';
import { execScraper } from './exec.scraper.js';
import { fileScraper } from './file.scraper.js';
import { httpScraper } from './http.scraper.js';
import { kubernetesScraper } from './kubernetes/kubernetes.scraper.js';
import type { ScraperType } from './scraper-type.js';
import { sqlScraper } from './sql.scraper.js';

/** Every scraper type the engine runs, by the spec key that configures it. */
export const SCRAPER_TYPES: Readonly<Record<ScraperTypeName, ScraperType<never>>> = {
  file: fileScraper as ScraperType<never>,
  exec: execScraper as ScraperType<never>,
  http: httpScraper as ScraperType<never>,
  sql: sqlScraper as ScraperType<never>,
  kubernetes: kubernetesScraper as ScraperType<never>,
};
