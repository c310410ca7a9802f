-- Rows the check scheduler rewrites on every run keep free room on their pages, so that the update can
-- stay on the page (a HOT update) and skip index maintenance: checks (status, last and next run, latest
-- runs; none indexed), their rendered summary text, and the schedule lease (claimed and released each run).
-- Pages written before this migration get the room as vacuum and pruning free them.
ALTER TABLE checks SET (fillfactor = 70);
ALTER TABLE check_summary_text SET (fillfactor = 70);
ALTER TABLE spec_schedules SET (fillfactor = 50);
