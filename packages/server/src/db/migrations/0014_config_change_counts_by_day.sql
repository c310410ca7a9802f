-- The change-counter triggers removed emptied daily buckets by item alone (`USING (SELECT DISTINCT config_id
-- FROM old_rows)`), which the (day, config_id) key cannot serve: every firing read all of
-- config_change_daily. The update trigger fires for each change write, also when its dedupe step updates
-- no row, so with ~900,000 buckets each such statement spent ~100 ms there. Buckets are now matched by
-- day and item (the key); the update trigger only looks at the days rows left, and returns at once when no
-- row was updated.

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
  WHERE t.day = d.day AND t.config_id = d.config_id;
  DELETE FROM config_change_daily t
  USING (SELECT DISTINCT config_id, (created_at AT TIME ZONE 'UTC')::date AS day FROM old_rows) d
  WHERE t.day = d.day AND t.config_id = d.config_id AND t.n <= 0;
  RETURN NULL;
END
$$;

-- A repeat moves created_at (last seen): the row moves to the new day's bucket, and across the counters'
-- instant when the old and the new time fall on either side of it (possibly within one day).
CREATE OR REPLACE FUNCTION config_changes_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w timestamptz := (SELECT starts_at FROM catalog_summary_window);
BEGIN
  IF NOT EXISTS (SELECT FROM old_rows) THEN
    RETURN NULL;
  END IF;
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
  -- Only a day a row left can have emptied (the statement above changed it: this one sees its result).
  DELETE FROM config_change_daily t
  USING (
    SELECT DISTINCT o.config_id, (o.created_at AT TIME ZONE 'UTC')::date AS day
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.created_at <> n.created_at AND o.config_id = n.config_id
  ) d
  WHERE t.day = d.day AND t.config_id = d.config_id AND t.n <= 0;
  RETURN NULL;
END
$$;
