-- The dashboard summary's JSON, rendered when its inputs change rather than on every load.
--
-- At 10,000 checks, building each row's JSON in the summary query (json_build_object, to_char for the
-- times, jsonb to text for the recent runs) cost ~600 ms while the join and sort beneath it cost ~20 ms.
-- A check's own fields change a few times a minute at most (each run, each schedule), so their JSON is
-- rendered by a statement-level trigger on checks into check_summary_text, and the per-minute refresh of
-- check_summary_1h renders that hour's uptime and latency once. The summary then concatenates text.
-- The table is not registered in the data API: it is a cache of checks, kept in step by the triggers.

CREATE TABLE check_summary_text (
  check_id uuid PRIMARY KEY REFERENCES checks (id) ON DELETE CASCADE,
  -- The row's opening: '{' and every field of the check and its canary, without the closing brace.
  head text NOT NULL,
  -- The latest runs (checks.recent_statuses) as JSON text.
  recent text NOT NULL
);

-- Render the changed checks (a transition table) into check_summary_text. Optional fields are left out
-- when empty, as the summary always has; times are written as JavaScript's toISOString writes them.
CREATE FUNCTION check_summary_text_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO check_summary_text (check_id, head, recent)
  SELECT n.id,
         '{"id":"' || n.id || '","canary_id":"' || n.canary_id || '","canary_name":' || to_json(ca.name)
           || ',"canary_namespace":' || to_json(ca.namespace) || ',"name":' || to_json(n.name)
           || ',"namespace":' || to_json(n.namespace) || ',"type":' || to_json(n.type) || ',"status":' || to_json(n.status)
           || ',"labels":' || n.labels::text || ',"agent_id":"' || n.agent_id || '","created_at":"' || check_iso(n.created_at)
           || '","updated_at":"' || check_iso(n.updated_at) || '"'
           || concat(',"icon":' || to_json(nullif(n.icon, '')), ',"severity":' || to_json(nullif(n.severity, '')),
                     ',"description":' || to_json(nullif(n.description, '')), ',"endpoint":' || to_json(nullif(n.endpoint, '')),
                     ',"owner":' || to_json(nullif(n.owner, '')), ',"last_runtime":"' || check_iso(n.last_runtime) || '"',
                     ',"next_runtime":"' || check_iso(n.next_runtime) || '"',
                     ',"last_transition_time":"' || check_iso(n.last_transition_time) || '"'),
         n.recent_statuses::text
  FROM changed n
  JOIN canaries ca ON ca.id = n.canary_id
  ON CONFLICT (check_id) DO UPDATE SET head = excluded.head, recent = excluded.recent;
  RETURN NULL;
END
$$;
-- A trigger with a transition table takes one event, hence two.
CREATE TRIGGER checks_summary_text_insert AFTER INSERT ON checks REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION check_summary_text_sync();
CREATE TRIGGER checks_summary_text_update AFTER UPDATE ON checks REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION check_summary_text_sync();

-- A canary's name and namespace are in its checks' rows: re-render them when either changes.
CREATE FUNCTION canaries_rerender_checks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE checks SET updated_at = updated_at WHERE canary_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER canaries_rerender_checks AFTER UPDATE OF name, namespace ON canaries FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.namespace IS DISTINCT FROM NEW.namespace)
  EXECUTE FUNCTION canaries_rerender_checks();

-- A summary row's "uptime" and "latency" members (without braces around the pair).
CREATE FUNCTION check_stats_json(passed bigint, failed bigint, last_pass timestamptz, last_fail timestamptz,
                                 percentiles float8[], avg float8, rolling1h float8) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '"uptime":{"passed":' || coalesce(passed, 0) || ',"failed":' || coalesce(failed, 0)
    || concat(',"last_pass":"' || check_iso(last_pass) || '"', ',"last_fail":"' || check_iso(last_fail) || '"')
    || '},"latency":{'
    || concat('"p50":' || round(percentiles[1]::numeric, 3) || ',', '"p95":' || round(percentiles[2]::numeric, 3) || ',',
              '"p97":' || round(percentiles[3]::numeric, 3) || ',', '"p99":' || round(percentiles[4]::numeric, 3) || ',',
              '"avg":' || round(avg::numeric, 3) || ',')
    || '"rolling1h":' || coalesce(round(rolling1h::numeric, 3)::text, '0') || '}'
$$;

-- The hour's members rendered at refresh; the summary uses them for checks with no runs since.
ALTER TABLE check_summary_1h ADD COLUMN stats_json text;

CREATE OR REPLACE FUNCTION check_summary_1h_refresh(window_end timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  written bigint;
BEGIN
  PERFORM set_config('work_mem', '64MB', true);
  DELETE FROM check_summary_1h;
  INSERT INTO check_summary_1h (check_id, passed, failed, last_pass, last_fail, avg, percentiles, stats_json)
  SELECT a.check_id, a.passed, a.failed, a.last_pass, a.last_fail, a.avg, a.percentiles,
         check_stats_json(a.passed, a.failed, a.last_pass, a.last_fail, a.percentiles, a.avg, a.avg)
  FROM (SELECT check_id, count(*) FILTER (WHERE status) AS passed, count(*) FILTER (WHERE NOT status) AS failed,
               max(time) FILTER (WHERE status) AS last_pass, max(time) FILTER (WHERE NOT status) AS last_fail,
               avg(duration)::float8 AS avg,
               percentile_cont(ARRAY[0.5, 0.95, 0.97, 0.99]::float8[]) WITHIN GROUP (ORDER BY duration) AS percentiles
        FROM check_statuses
        WHERE time >= window_end - interval '1 hour' AND time < window_end
        GROUP BY check_id) a;
  GET DIAGNOSTICS written = ROW_COUNT;
  INSERT INTO check_rollup_state (name, rolled_until) VALUES ('summary_1h', window_end)
  ON CONFLICT (name) DO UPDATE SET rolled_until = excluded.rolled_until, updated_at = now();
  RETURN written;
END
$$;

-- Existing checks: rendered once here; the triggers keep them from now on.
UPDATE checks SET updated_at = updated_at;
UPDATE check_summary_1h SET stats_json = check_stats_json(passed, failed, last_pass, last_fail, percentiles, avg, avg);
