-- The summary counters are kept for an instant instead of a UTC day (ADR 0006, amendment of 2026-11-27):
-- catalog_summary_window.starts_at is the whole hour nearest to the default 30-day window's start, so a
-- summary adds or subtracts the change and finding rows of at most half an hour (plus the job's tick) instead
-- of up to twelve hours. Per item, unchanged in meaning:
--   changes_before          change rows created before starts_at;
--   analysis_window_counts  open findings by type last observed at starts_at or later.
-- At midnight both are what the day-based counters held, so the column changes type without recounting.

ALTER TABLE catalog_summary_window ALTER COLUMN day TYPE timestamptz USING (day::timestamp AT TIME ZONE 'UTC');
ALTER TABLE catalog_summary_window RENAME COLUMN day TO starts_at;

DROP FUNCTION catalog_summary_window_move(date);

-- Move the counters' instant. Writers of changes and findings are held off meanwhile: their triggers read it.
-- The rows between the old and the new instant leave the counters (forward) or come back (backward); an hourly
-- move reads an hour of rows through the created_at and last_observed indexes.
CREATE FUNCTION catalog_summary_window_move(new_at timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  old_at timestamptz;
  lo timestamptz;
  hi timestamptz;
  sign int;
BEGIN
  LOCK TABLE config_changes, config_analysis IN SHARE MODE;
  SELECT starts_at INTO old_at FROM catalog_summary_window FOR UPDATE;
  IF old_at = new_at THEN
    RETURN false;
  END IF;
  IF old_at IS NULL THEN
    -- First move (an empty table): count from the beginning.
    UPDATE config_items ci SET changes_before = d.n
    FROM (SELECT config_id, count(*)::int AS n FROM config_changes WHERE created_at < new_at GROUP BY 1) d
    WHERE ci.id = d.config_id;
    UPDATE config_items ci SET analysis_window_counts = d.counts
    FROM (
      SELECT config_id, jsonb_object_agg(analysis_type, n) AS counts FROM (
        SELECT config_id, analysis_type, count(*)::int AS n FROM config_analysis
        WHERE status = 'open' AND last_observed >= new_at GROUP BY 1, 2
      ) x GROUP BY 1
    ) d
    WHERE ci.id = d.config_id;
    INSERT INTO catalog_summary_window (starts_at) VALUES (new_at);
    RETURN true;
  END IF;
  lo := least(old_at, new_at);
  hi := greatest(old_at, new_at);
  sign := CASE WHEN new_at > old_at THEN 1 ELSE -1 END;
  UPDATE config_items ci SET changes_before = greatest(ci.changes_before + d.n, 0)
  FROM (SELECT config_id, (sign * count(*))::int AS n FROM config_changes WHERE created_at >= lo AND created_at < hi GROUP BY 1) d
  WHERE ci.id = d.config_id;
  UPDATE config_items ci SET analysis_window_counts = jsonb_add_counts(ci.analysis_window_counts, d.delta)
  FROM (
    SELECT config_id, jsonb_object_agg(analysis_type, n) AS delta FROM (
      SELECT config_id, analysis_type, (-sign * count(*))::int AS n FROM config_analysis
      WHERE status = 'open' AND last_observed >= lo AND last_observed < hi GROUP BY 1, 2
    ) x GROUP BY 1
  ) d
  WHERE ci.id = d.config_id;
  UPDATE catalog_summary_window SET starts_at = new_at;
  RETURN true;
END
$$;

CREATE OR REPLACE FUNCTION config_changes_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w timestamptz := (SELECT starts_at FROM catalog_summary_window);
BEGIN
  UPDATE config_items ci SET changes_count = ci.changes_count + d.n, changes_before = ci.changes_before + d.before
  FROM (
    SELECT config_id, count(*)::int AS n, count(*) FILTER (WHERE created_at < w)::int AS before FROM new_rows GROUP BY config_id
  ) d WHERE ci.id = d.config_id;
  INSERT INTO config_change_daily AS t (config_id, day, n)
  SELECT config_id, (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM new_rows GROUP BY 1, 2
  ON CONFLICT (day, config_id) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION config_changes_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w timestamptz := (SELECT starts_at FROM catalog_summary_window);
BEGIN
  UPDATE config_items ci
  SET changes_count = greatest(ci.changes_count - d.n, 0), changes_before = greatest(ci.changes_before - d.before, 0)
  FROM (
    SELECT config_id, count(*)::int AS n, count(*) FILTER (WHERE created_at < w)::int AS before FROM old_rows GROUP BY config_id
  ) d WHERE ci.id = d.config_id;
  UPDATE config_change_daily t SET n = t.n - d.n
  FROM (SELECT config_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM old_rows GROUP BY 1, 2) d
  WHERE t.config_id = d.config_id AND t.day = d.day;
  DELETE FROM config_change_daily t USING (SELECT DISTINCT config_id FROM old_rows) d WHERE t.config_id = d.config_id AND t.n <= 0;
  RETURN NULL;
END
$$;

-- A repeat moves created_at (last seen): the row moves to the new day's bucket, and across the counters'
-- instant when the old and the new time fall on either side of it (possibly within one day).
CREATE OR REPLACE FUNCTION config_changes_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w timestamptz := (SELECT starts_at FROM catalog_summary_window);
BEGIN
  WITH moved AS (
    SELECT o.config_id, o.created_at AS old_at, n.created_at AS new_at
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.created_at <> n.created_at AND o.config_id = n.config_id
  ), delta AS (
    SELECT config_id, day, sum(d)::int AS d FROM (
      SELECT config_id, (old_at AT TIME ZONE 'UTC')::date AS day, -1 AS d FROM moved
      UNION ALL SELECT config_id, (new_at AT TIME ZONE 'UTC')::date, 1 FROM moved
    ) x GROUP BY 1, 2 HAVING sum(d) <> 0
  ), daily AS (
    INSERT INTO config_change_daily AS t (config_id, day, n) SELECT config_id, day, d FROM delta
    ON CONFLICT (day, config_id) DO UPDATE SET n = t.n + excluded.n
  )
  UPDATE config_items ci SET changes_before = greatest(ci.changes_before + d.n, 0)
  FROM (SELECT config_id, sum((new_at < w)::int - (old_at < w)::int)::int AS n FROM moved GROUP BY 1) d
  WHERE ci.id = d.config_id AND d.n <> 0;
  DELETE FROM config_change_daily t USING (SELECT DISTINCT config_id FROM old_rows) d WHERE t.config_id = d.config_id AND t.n <= 0;
  RETURN NULL;
END
$$;

-- Open findings by type, all (analysis_counts) and in the window (analysis_window_counts): +1 for each open
-- row after a statement, -1 for each open row before it. One function for the three triggers: the rows it
-- reads are chosen by the operation, through EXECUTE because a statement cannot name a transition table
-- that this trigger does not have.
CREATE FUNCTION config_analysis_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  after_rows text := 'SELECT config_id, analysis_type, 1 AS dn, (last_observed >= $1)::int AS dw FROM new_rows WHERE status = ''open''';
  before_rows text := 'SELECT config_id, analysis_type, -1 AS dn, -(last_observed >= $1)::int AS dw FROM old_rows WHERE status = ''open''';
BEGIN
  EXECUTE format($q$
    UPDATE config_items ci
    SET analysis_counts = CASE WHEN d.delta IS NULL THEN ci.analysis_counts ELSE jsonb_add_counts(ci.analysis_counts, d.delta) END,
        analysis_window_counts = CASE WHEN d.wdelta IS NULL THEN ci.analysis_window_counts
                                      ELSE jsonb_add_counts(ci.analysis_window_counts, d.wdelta) END
    FROM (
      SELECT config_id, jsonb_object_agg(analysis_type, n) FILTER (WHERE n <> 0) AS delta,
             jsonb_object_agg(analysis_type, wn) FILTER (WHERE wn <> 0) AS wdelta
      FROM (SELECT config_id, analysis_type, sum(dn)::int AS n, sum(dw)::int AS wn FROM (%s) u GROUP BY 1, 2) x
      GROUP BY 1
    ) d
    WHERE ci.id = d.config_id AND (d.delta IS NOT NULL OR d.wdelta IS NOT NULL)$q$,
    CASE TG_OP WHEN 'INSERT' THEN after_rows WHEN 'DELETE' THEN before_rows ELSE after_rows || ' UNION ALL ' || before_rows END)
  USING (SELECT starts_at FROM catalog_summary_window);
  RETURN NULL;
END
$$;

DROP TRIGGER config_analysis_count_ins ON config_analysis;
DROP TRIGGER config_analysis_count_del ON config_analysis;
DROP TRIGGER config_analysis_count_upd ON config_analysis;
DROP FUNCTION config_analysis_count_ins();
DROP FUNCTION config_analysis_count_del();
DROP FUNCTION config_analysis_count_upd();
CREATE TRIGGER config_analysis_count_ins AFTER INSERT ON config_analysis REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_count();
CREATE TRIGGER config_analysis_count_del AFTER DELETE ON config_analysis REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_count();
CREATE TRIGGER config_analysis_count_upd AFTER UPDATE ON config_analysis REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_count();

-- Once, so the counters hold from the start; the catalog-summary-window job keeps them there.
SELECT catalog_summary_window_move(date_trunc('hour', now() - interval '30 days' + interval '30 minutes'));
