-- Writers acknowledge or resolve a finding. config-db's analysis statuses are open, resolved and silenced:
-- acknowledging a finding silences it (it stays listed, no longer counted as open: the counters count 'open'
-- only). Who changed the status last and when is kept; NULL by means the scraper did (re-seen or no longer seen).
ALTER TABLE config_analysis DROP CONSTRAINT config_analysis_status_check;
ALTER TABLE config_analysis ADD CONSTRAINT config_analysis_status_check CHECK (status IN ('open', 'resolved', 'silenced'));
ALTER TABLE config_analysis
  ADD COLUMN status_updated_by uuid REFERENCES people (id) ON DELETE SET NULL,
  ADD COLUMN status_updated_at timestamptz;

-- After a complete scrape the scraper's findings not seen again are resolved, silenced ones too.
DROP INDEX config_analysis_scraper_idx;
CREATE INDEX config_analysis_scraper_idx ON config_analysis (scraper_id) WHERE status <> 'resolved';
