-- Upkeep of the tables every check run rewrites (issue 18).
--
-- Autovacuum analyzes a table once a tenth of its rows changed. checks, their summary text and their schedule
-- rows change all their rows every minute at one run a minute, so each was analyzed every minute, though a run
-- changes no distribution the planner uses (a status, run times, a lease). They are analyzed once their rows
-- changed five times over. check_summary_1h is analyzed by its own refresh (rollup.repository.ts), so
-- autovacuum does not analyze it again; it still vacuums it.
ALTER TABLE checks SET (autovacuum_analyze_scale_factor = 5);
ALTER TABLE check_summary_text SET (autovacuum_analyze_scale_factor = 5);
ALTER TABLE spec_schedules SET (autovacuum_analyze_scale_factor = 5);
ALTER TABLE check_summary_1h SET (autovacuum_analyze_threshold = 2147483647);

-- check_summary_1h is rebuilt every minute from check_statuses, whose rows already belong to live checks: its
-- foreign key checked (and share-locked) 10,000 checks rows a minute at 10,000 checks, for a guarantee the
-- next refresh gives anyway. A hard-deleted check's row stays until then; the summary joins checks, so it
-- never shows.
ALTER TABLE check_summary_1h DROP CONSTRAINT check_summary_1h_check_id_fkey;
