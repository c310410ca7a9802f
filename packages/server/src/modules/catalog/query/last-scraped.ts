// An item's last scrape as the catalogue shows it (migration 0009, ADR 0007): the later of its own
// last_scraped_time and, while it is live, its scraper's last complete scrape (which saw every item the
// scraper still has live). The configs view computes the same.

/** Joins the scrapers' complete scrapes as `cs` to rows aliased `alias` that have a scraper_id column. */
export const completeScrapeJoin = (alias: string) => `LEFT JOIN config_scraper_complete_scrapes cs ON cs.scraper_id = ${alias}.scraper_id`;

/** Joins the scrapers' complete scrapes as `cs` to items aliased `ci`. */
export const COMPLETE_SCRAPE_JOIN = completeScrapeJoin('ci');

/**
 * The last scrape of items of one scraper, with the complete scrapes joined as `cs`: `own` is their latest
 * last_scraped_time, `live` whether they are live.
 */
export const lastScraped = (own: string, live: string) => `greatest(${own}, CASE WHEN ${live} THEN cs.scraped_at END)`;

/** The last scrape of item `ci`, with COMPLETE_SCRAPE_JOIN in the statement. */
export const LAST_SCRAPED = lastScraped('ci.last_scraped_time', 'ci.deleted_at IS NULL');
