-- When each scraper last finished a complete scrape (ADR 0007), so a complete scrape no longer rewrites the
-- row of every unchanged item just to move its last_scraped_time.
--
-- A complete scrape soft-deletes every live item of its scraper it did not see, so each item of that
-- scraper still live afterwards was seen at that time. An item's last scrape is therefore the later of its
-- own last_scraped_time (set when it is written, and for items a partial or incremental scrape saw) and,
-- while it is live, its scraper's last complete scrape. The views below give that time; the raw
-- config_items column keeps only the item's own part. Touching the 18,000 unchanged rows of a 20,000-item
-- re-scrape took 1.2 s of its 5.7 s save: each touch writes a new row version and, when its page is full,
-- twelve index entries.

CREATE TABLE config_scraper_complete_scrapes (
  scraper_id uuid PRIMARY KEY REFERENCES config_scrapers (id) ON DELETE CASCADE,
  scraped_at timestamptz NOT NULL
);

-- Until a scraper completes again, its items keep the time last written on them.
CREATE OR REPLACE VIEW configs AS
SELECT ci.id, ci.name, ci.type, ci.config_class, ci.status, ci.health, ci.ready, ci.description, ci.labels, ci.tags,
       ci.external_id, ci.path, ci.parent_id, ci.scraper_id, ci.agent_id, ci.created_at, ci.updated_at, ci.deleted_at,
       greatest(ci.last_scraped_time, CASE WHEN ci.deleted_at IS NULL THEN cs.scraped_at END) AS last_scraped_time,
       ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d,
       ci.changes_count AS changes, ci.analysis_counts AS analysis
FROM config_items ci
LEFT JOIN config_scraper_complete_scrapes cs ON cs.scraper_id = ci.scraper_id;

-- An item leaving the live set (deleted by a scrape, a change rule or retention) keeps the last time it was
-- seen, which until then its scraper's complete scrapes stood for.
CREATE FUNCTION config_items_keep_last_seen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.last_scraped_time := greatest(NEW.last_scraped_time,
    (SELECT scraped_at FROM config_scraper_complete_scrapes WHERE scraper_id = OLD.scraper_id));
  RETURN NEW;
END
$$;
CREATE TRIGGER config_items_keep_last_seen BEFORE UPDATE OF deleted_at ON config_items FOR EACH ROW
  WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL) EXECUTE FUNCTION config_items_keep_last_seen();
