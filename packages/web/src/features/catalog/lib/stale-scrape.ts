import { STALE_SCRAPE_MS } from '@ops/shared';

/** The 'Last scraped' warning shows when the last scrape is over 1 hour old and the item is not deleted. */
export function isStaleScrape(item: { last_scraped_time: string | null; deleted_at: string | null }, now: Date = new Date()): boolean {
  if (item.deleted_at || !item.last_scraped_time) return false;
  const at = new Date(item.last_scraped_time).getTime();
  return Number.isFinite(at) && now.getTime() - at > STALE_SCRAPE_MS;
}
