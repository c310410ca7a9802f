// An item's last scrape as the catalogue shows it (migration 0009, ADR 0007): the later of its own
// last_scraped_time and, while it is live, its scraper's last complete scrape (which saw every item the
// scraper still has live). The configs view computes the same.

/** Joins the scrapers' complete scrapes as `cs` to items aliased `ci`. */
export const COMPLETE_SCRAPE_JOIN = 'LEFT JOIN config_scraper_complete_scrapes cs ON cs.scraper_id = ci.scraper_id';

/** The last scrape of item `ci`, with COMPLETE_SCRAPE_JOIN in the statement. */
export const LAST_SCRAPED = 'greatest(ci.last_scraped_time, CASE WHEN ci.deleted_at IS NULL THEN cs.scraped_at END)';
