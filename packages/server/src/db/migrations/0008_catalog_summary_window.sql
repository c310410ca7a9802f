-- The catalogue summary from per-item counters instead of a pass over the window's changes and findings
-- (ADR 0006).
--
-- catalog_summary_window.day is the first whole UTC day of the default 30-day summary window; the
-- catalog-summary-window job moves it each day. Per item, kept by the triggers below:
--   changes_before          change rows whose UTC day is before it, so the window's whole days hold
--                           changes_count - changes_before;
--   analysis_window_counts  open findings by type last observed on it or later (analysis_counts keeps all
--                           open ones), with one plain integer column per type generated from it, because
--                           summing plain columns costs a tenth of extracting ten keys from jsonb per item.
-- A summary adds the rows of the window's partial first day, read from the rows themselves. At 100,000
-- items that replaces summing ~340,000 per-day change buckets and joining ~50,000 findings.
--
-- Every scrape rewrites each item's row (last_scraped_time, counters) without touching an indexed column.
-- With full pages each new row version went to a new page: 100,000 items of ~430 bytes took 175 MB after
-- the bench's bulk load, all of it read by every summary. Room left in each page lets these updates stay on
-- their page (HOT: no index entries, space pruned in place). Bodies too big to stay inline move out of
-- line instead of being kept compressed in the row.

ALTER TABLE config_items SET (fillfactor = 80, toast_tuple_target = 1024);

CREATE TABLE catalog_summary_window (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  day date NOT NULL
);

ALTER TABLE config_items
  ADD COLUMN changes_before integer NOT NULL DEFAULT 0,
  ADD COLUMN analysis_window_counts jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN analysis_window_cost integer GENERATED ALWAYS AS ((analysis_window_counts->>'cost')::int) STORED,
  ADD COLUMN analysis_window_availability integer GENERATED ALWAYS AS ((analysis_window_counts->>'availability')::int) STORED,
  ADD COLUMN analysis_window_performance integer GENERATED ALWAYS AS ((analysis_window_counts->>'performance')::int) STORED,
  ADD COLUMN analysis_window_security integer GENERATED ALWAYS AS ((analysis_window_counts->>'security')::int) STORED,
  ADD COLUMN analysis_window_integration integer GENERATED ALWAYS AS ((analysis_window_counts->>'integration')::int) STORED,
  ADD COLUMN analysis_window_compliance integer GENERATED ALWAYS AS ((analysis_window_counts->>'compliance')::int) STORED,
  ADD COLUMN analysis_window_technical_debt integer GENERATED ALWAYS AS ((analysis_window_counts->>'technical_debt')::int) STORED,
  ADD COLUMN analysis_window_reliability integer GENERATED ALWAYS AS ((analysis_window_counts->>'reliability')::int) STORED,
  ADD COLUMN analysis_window_recommendation integer GENERATED ALWAYS AS ((analysis_window_counts->>'recommendation')::int) STORED,
  ADD COLUMN analysis_window_other integer GENERATED ALWAYS AS ((analysis_window_counts->>'other')::int) STORED;

-- Findings by when they were last observed (the window's partial day and the daily move).
CREATE INDEX config_analysis_open_seen_idx ON config_analysis (last_observed) INCLUDE (config_id, analysis_type)
  WHERE status = 'open';

-- Move the window's day. Writers of changes and findings are held off meanwhile: their triggers read the day.
CREATE FUNCTION catalog_summary_window_move(new_day date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  old_day date;
BEGIN
  LOCK TABLE config_changes, config_analysis IN SHARE MODE;
  SELECT day INTO old_day FROM catalog_summary_window FOR UPDATE;
  IF old_day = new_day THEN
    RETURN false;
  END IF;
  IF old_day IS NULL THEN
    UPDATE config_items ci SET changes_before = d.n
    FROM (SELECT config_id, sum(n)::int AS n FROM config_change_daily WHERE day < new_day GROUP BY 1) d
    WHERE ci.id = d.config_id;
    UPDATE config_items ci SET analysis_window_counts = d.counts
    FROM (
      SELECT config_id, jsonb_object_agg(analysis_type, n) AS counts FROM (
        SELECT config_id, analysis_type, count(*)::int AS n FROM config_analysis
        WHERE status = 'open' AND last_observed >= new_day::timestamp AT TIME ZONE 'UTC' GROUP BY 1, 2
      ) x GROUP BY 1
    ) d
    WHERE ci.id = d.config_id;
    INSERT INTO catalog_summary_window (day) VALUES (new_day);
    RETURN true;
  END IF;
  -- Forward: the days between leave the window (their changes become "before", their findings leave it);
  -- backward: they come back.
  UPDATE config_items ci SET changes_before = greatest(ci.changes_before + d.n, 0)
  FROM (
    SELECT config_id, (CASE WHEN new_day > old_day THEN 1 ELSE -1 END * sum(n))::int AS n FROM config_change_daily
    WHERE day >= least(old_day, new_day) AND day < greatest(old_day, new_day) GROUP BY 1
  ) d
  WHERE ci.id = d.config_id;
  UPDATE config_items ci SET analysis_window_counts = jsonb_add_counts(ci.analysis_window_counts, d.delta)
  FROM (
    SELECT config_id, jsonb_object_agg(analysis_type, n) AS delta FROM (
      SELECT config_id, analysis_type, (CASE WHEN new_day > old_day THEN -1 ELSE 1 END * count(*))::int AS n
      FROM config_analysis
      WHERE status = 'open' AND last_observed >= least(old_day, new_day)::timestamp AT TIME ZONE 'UTC'
        AND last_observed < greatest(old_day, new_day)::timestamp AT TIME ZONE 'UTC'
      GROUP BY 1, 2
    ) x GROUP BY 1
  ) d
  WHERE ci.id = d.config_id;
  UPDATE catalog_summary_window SET day = new_day;
  RETURN true;
END
$$;

-- The change counters of 0004, now also keeping changes_before.
CREATE OR REPLACE FUNCTION config_changes_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w date := (SELECT day FROM catalog_summary_window);
BEGIN
  UPDATE config_items ci SET changes_count = ci.changes_count + d.n, changes_before = ci.changes_before + d.before
  FROM (
    SELECT config_id, count(*)::int AS n, count(*) FILTER (WHERE (created_at AT TIME ZONE 'UTC')::date < w)::int AS before
    FROM new_rows GROUP BY config_id
  ) d WHERE ci.id = d.config_id;
  INSERT INTO config_change_daily AS t (config_id, day, n)
  SELECT config_id, (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM new_rows GROUP BY 1, 2
  ON CONFLICT (day, config_id) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION config_changes_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w date := (SELECT day FROM catalog_summary_window);
BEGIN
  UPDATE config_items ci
  SET changes_count = greatest(ci.changes_count - d.n, 0), changes_before = greatest(ci.changes_before - d.before, 0)
  FROM (
    SELECT config_id, count(*)::int AS n, count(*) FILTER (WHERE (created_at AT TIME ZONE 'UTC')::date < w)::int AS before
    FROM old_rows GROUP BY config_id
  ) d WHERE ci.id = d.config_id;
  UPDATE config_change_daily t SET n = t.n - d.n
  FROM (SELECT config_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM old_rows GROUP BY 1, 2) d
  WHERE t.config_id = d.config_id AND t.day = d.day;
  DELETE FROM config_change_daily t USING (SELECT DISTINCT config_id FROM old_rows) d WHERE t.config_id = d.config_id AND t.n <= 0;
  RETURN NULL;
END
$$;

-- A repeat moves created_at (last seen): the row moves to the new day's bucket, and across the window's
-- day when the old and the new day fall on either side of it.
CREATE OR REPLACE FUNCTION config_changes_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w date := (SELECT day FROM catalog_summary_window);
BEGIN
  WITH moved AS (
    SELECT o.config_id, (o.created_at AT TIME ZONE 'UTC')::date AS old_day, (n.created_at AT TIME ZONE 'UTC')::date AS new_day
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.created_at AT TIME ZONE 'UTC')::date <> (n.created_at AT TIME ZONE 'UTC')::date AND o.config_id = n.config_id
  ), delta AS (
    SELECT config_id, day, sum(d)::int AS d FROM (
      SELECT config_id, old_day AS day, -1 AS d FROM moved UNION ALL SELECT config_id, new_day, 1 FROM moved
    ) x GROUP BY 1, 2
  ), daily AS (
    INSERT INTO config_change_daily AS t (config_id, day, n) SELECT config_id, day, d FROM delta
    ON CONFLICT (day, config_id) DO UPDATE SET n = t.n + excluded.n
  )
  UPDATE config_items ci SET changes_before = greatest(ci.changes_before + d.n, 0)
  FROM (SELECT config_id, sum((new_day < w)::int - (old_day < w)::int)::int AS n FROM moved GROUP BY 1) d
  WHERE ci.id = d.config_id AND d.n <> 0;
  DELETE FROM config_change_daily t USING (SELECT DISTINCT config_id FROM old_rows) d WHERE t.config_id = d.config_id AND t.n <= 0;
  RETURN NULL;
END
$$;

-- The open-finding counters of 0004, now also keeping analysis_window_counts: +1 for each open row after a
-- statement (in the window when last observed on its day or later), -1 for each open row before it.
CREATE OR REPLACE FUNCTION config_analysis_count_ins() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w date := (SELECT day FROM catalog_summary_window);
BEGIN
  UPDATE config_items ci
  SET analysis_counts = CASE WHEN d.delta IS NULL THEN ci.analysis_counts ELSE jsonb_add_counts(ci.analysis_counts, d.delta) END,
      analysis_window_counts = CASE WHEN d.wdelta IS NULL THEN ci.analysis_window_counts
                                    ELSE jsonb_add_counts(ci.analysis_window_counts, d.wdelta) END
  FROM (
    SELECT config_id, jsonb_object_agg(analysis_type, n) FILTER (WHERE n <> 0) AS delta,
           jsonb_object_agg(analysis_type, wn) FILTER (WHERE wn <> 0) AS wdelta
    FROM (
      SELECT config_id, analysis_type, sum(dn)::int AS n, sum(dw)::int AS wn FROM (
            SELECT config_id, analysis_type, 1 AS dn, ((last_observed AT TIME ZONE 'UTC')::date >= w)::int AS dw FROM new_rows WHERE status = 'open'
      ) u GROUP BY 1, 2
    ) x GROUP BY 1
  ) d
  WHERE ci.id = d.config_id AND (d.delta IS NOT NULL OR d.wdelta IS NOT NULL);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION config_analysis_count_del() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w date := (SELECT day FROM catalog_summary_window);
BEGIN
  UPDATE config_items ci
  SET analysis_counts = CASE WHEN d.delta IS NULL THEN ci.analysis_counts ELSE jsonb_add_counts(ci.analysis_counts, d.delta) END,
      analysis_window_counts = CASE WHEN d.wdelta IS NULL THEN ci.analysis_window_counts
                                    ELSE jsonb_add_counts(ci.analysis_window_counts, d.wdelta) END
  FROM (
    SELECT config_id, jsonb_object_agg(analysis_type, n) FILTER (WHERE n <> 0) AS delta,
           jsonb_object_agg(analysis_type, wn) FILTER (WHERE wn <> 0) AS wdelta
    FROM (
      SELECT config_id, analysis_type, sum(dn)::int AS n, sum(dw)::int AS wn FROM (
            SELECT config_id, analysis_type, -1 AS dn, -((last_observed AT TIME ZONE 'UTC')::date >= w)::int AS dw FROM old_rows WHERE status = 'open'
      ) u GROUP BY 1, 2
    ) x GROUP BY 1
  ) d
  WHERE ci.id = d.config_id AND (d.delta IS NOT NULL OR d.wdelta IS NOT NULL);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION config_analysis_count_upd() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w date := (SELECT day FROM catalog_summary_window);
BEGIN
  UPDATE config_items ci
  SET analysis_counts = CASE WHEN d.delta IS NULL THEN ci.analysis_counts ELSE jsonb_add_counts(ci.analysis_counts, d.delta) END,
      analysis_window_counts = CASE WHEN d.wdelta IS NULL THEN ci.analysis_window_counts
                                    ELSE jsonb_add_counts(ci.analysis_window_counts, d.wdelta) END
  FROM (
    SELECT config_id, jsonb_object_agg(analysis_type, n) FILTER (WHERE n <> 0) AS delta,
           jsonb_object_agg(analysis_type, wn) FILTER (WHERE wn <> 0) AS wdelta
    FROM (
      SELECT config_id, analysis_type, sum(dn)::int AS n, sum(dw)::int AS wn FROM (
            SELECT config_id, analysis_type, 1 AS dn, ((last_observed AT TIME ZONE 'UTC')::date >= w)::int AS dw FROM new_rows WHERE status = 'open'
            UNION ALL SELECT config_id, analysis_type, -1 AS dn, -((last_observed AT TIME ZONE 'UTC')::date >= w)::int AS dw FROM old_rows WHERE status = 'open'
      ) u GROUP BY 1, 2
    ) x GROUP BY 1
  ) d
  WHERE ci.id = d.config_id AND (d.delta IS NOT NULL OR d.wdelta IS NOT NULL);
  RETURN NULL;
END
$$;

SELECT catalog_summary_window_move((now() AT TIME ZONE 'UTC')::date - 29);
