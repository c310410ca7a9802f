-- Health checks (issue 4): canaries and their checks, the scheduler's claim table, check statuses
-- partitioned by day, hourly and daily rollups with a latency histogram, and the views of the data API.

-- One applied Canary (canaries.flanksource.com/v1). `spec` keeps the document's spec as written.
CREATE TABLE canaries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (name <> ''),
  namespace text NOT NULL DEFAULT 'default',
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  spec jsonb NOT NULL DEFAULT '{}',
  labels jsonb NOT NULL DEFAULT '{}',
  -- Kept equal to the spec's schedule (or `@every <interval>s`) by canaries_before_write.
  schedule text NOT NULL DEFAULT '',
  source text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX canaries_namespace_name_key ON canaries (namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX canaries_created_idx ON canaries (created_at DESC) WHERE deleted_at IS NULL;

-- The schedule a spec asks for: `schedule`, else a legacy `interval` in seconds, else none.
CREATE FUNCTION canary_schedule_of(spec jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN coalesce(btrim(spec->>'schedule'), '') <> '' THEN btrim(spec->>'schedule')
    WHEN jsonb_typeof(spec->'interval') = 'number' AND (spec->>'interval')::numeric > 0 THEN '@every ' || (spec->>'interval') || 's'
    ELSE ''
  END
$$;

-- The schedule column and spec.schedule stay one value: a write of only the column moves it into the spec.
CREATE FUNCTION canaries_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.spec := coalesce(NEW.spec, '{}'::jsonb);
  IF TG_OP = 'INSERT' THEN
    IF coalesce(NEW.schedule, '') <> '' AND canary_schedule_of(NEW.spec) = '' THEN
      NEW.spec := jsonb_set(NEW.spec, '{schedule}', to_jsonb(NEW.schedule));
    END IF;
  ELSIF NEW.schedule IS DISTINCT FROM OLD.schedule AND NEW.spec->'schedule' IS NOT DISTINCT FROM OLD.spec->'schedule' THEN
    NEW.spec := CASE WHEN coalesce(NEW.schedule, '') = '' THEN NEW.spec - 'schedule'
                     ELSE jsonb_set(NEW.spec, '{schedule}', to_jsonb(NEW.schedule)) END;
  END IF;
  NEW.schedule := canary_schedule_of(NEW.spec);
  RETURN NEW;
END
$$;
CREATE TRIGGER canaries_before_write BEFORE INSERT OR UPDATE ON canaries FOR EACH ROW EXECUTE FUNCTION canaries_before_write();

-- The scheduler's claim table: one row per canary. A process claims due rows with FOR UPDATE SKIP LOCKED
-- and holds a lease until the run is written, so a canary never runs twice at once across processes.
-- `dirty` rows changed since their checks were last synced from the spec (set by the trigger below).
CREATE TABLE canary_schedules (
  canary_id uuid PRIMARY KEY REFERENCES canaries (id) ON DELETE CASCADE,
  dirty boolean NOT NULL DEFAULT true,
  -- Bumped on every (re)schedule; a run finishing under an older version leaves next_run_at alone.
  version bigint NOT NULL DEFAULT 0,
  schedule text NOT NULL DEFAULT '',
  timeout_ms integer NOT NULL DEFAULT 60000,
  next_run_at timestamptz,
  claimed_by text,
  claimed_at timestamptz,
  lease_until timestamptz,
  last_run_at timestamptz,
  -- Why the canary is not scheduled (a spec that does not parse, written around the API).
  error text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX canary_schedules_due_idx ON canary_schedules (next_run_at) WHERE next_run_at IS NOT NULL;
CREATE INDEX canary_schedules_dirty_idx ON canary_schedules (updated_at) WHERE dirty;

-- Any write that changes what a canary runs marks it dirty, whatever path it came by (apply, data API, SQL).
CREATE FUNCTION canaries_mark_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.spec IS NOT DISTINCT FROM OLD.spec AND NEW.deleted_at IS NOT DISTINCT FROM OLD.deleted_at
     AND NEW.name = OLD.name AND NEW.namespace = OLD.namespace AND NEW.labels IS NOT DISTINCT FROM OLD.labels
     AND NEW.agent_id = OLD.agent_id THEN
    RETURN NULL;
  END IF;
  INSERT INTO canary_schedules (canary_id, dirty) VALUES (NEW.id, true)
  ON CONFLICT (canary_id) DO UPDATE SET dirty = true, updated_at = now();
  RETURN NULL;
END
$$;
CREATE TRIGGER canaries_mark_changed AFTER INSERT OR UPDATE ON canaries FOR EACH ROW EXECUTE FUNCTION canaries_mark_changed();

-- One check of a canary; identity (canary_id, type, name). A check removed from the spec is soft-deleted
-- and comes back with its id and history when it is added again.
CREATE TABLE checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  type text NOT NULL,
  name text NOT NULL,
  namespace text NOT NULL DEFAULT '',
  description text,
  icon text,
  labels jsonb NOT NULL DEFAULT '{}',
  owner text,
  severity text,
  endpoint text,
  status text NOT NULL DEFAULT 'unknown' CHECK (status IN ('healthy', 'unhealthy', 'unknown')),
  last_runtime timestamptz,
  next_runtime timestamptz,
  last_transition_time timestamptz,
  -- The latest runs ({time, status, duration}, newest first, at most 5), kept by the result writer so
  -- the dashboard's status dots cost no lookup per check.
  recent_statuses jsonb NOT NULL DEFAULT '[]',
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  spec jsonb NOT NULL DEFAULT '{}',
  -- Created by a transform of another check (fan-out) rather than listed in the spec.
  transformed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX checks_identity_key ON checks (canary_id, type, name);
CREATE INDEX checks_live_idx ON checks (namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX checks_agent_idx ON checks (agent_id) WHERE deleted_at IS NULL;
CREATE INDEX checks_labels_idx ON checks USING gin (labels);

-- Every run of every check. Partitioned by UTC day so retention drops whole days; partitions are
-- created ahead by check_statuses_ensure_partitions (the writer and the maintenance job call it).
CREATE TABLE check_statuses (
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  time timestamptz NOT NULL,
  duration integer NOT NULL DEFAULT 0,
  status boolean NOT NULL,
  invalid boolean NOT NULL DEFAULT false,
  message text,
  error text,
  detail jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (check_id, time)
) PARTITION BY RANGE (time);
-- Rows arrive in time order, so a BRIN index finds a time window (the summary's last hour) cheaply.
CREATE INDEX check_statuses_time_brin ON check_statuses USING brin (time);

-- Creates the daily partitions covering [from_time, to_time]; returns how many were new.
CREATE FUNCTION check_statuses_ensure_partitions(from_time timestamptz, to_time timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  d date;
  part text;
  created integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('check_statuses_partitions'));
  FOR d IN SELECT generate_series((from_time AT TIME ZONE 'UTC')::date, (to_time AT TIME ZONE 'UTC')::date, interval '1 day')::date LOOP
    part := 'check_statuses_' || to_char(d, 'YYYYMMDD');
    IF to_regclass(part) IS NULL THEN
      EXECUTE format('CREATE TABLE %I PARTITION OF check_statuses FOR VALUES FROM (%L) TO (%L)',
                     part, d::timestamp AT TIME ZONE 'UTC', (d + 1)::timestamp AT TIME ZONE 'UTC');
      created := created + 1;
    END IF;
  END LOOP;
  RETURN created;
END
$$;
SELECT check_statuses_ensure_partitions(now() - interval '1 day', now() + interval '3 days');

-- Drops the daily partitions that end at or before `before`; returns how many went.
CREATE FUNCTION check_statuses_drop_partitions(before timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  r record;
  dropped integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('check_statuses_partitions'));
  FOR r IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
           WHERE i.inhparent = 'check_statuses'::regclass AND c.relname ~ '^check_statuses_[0-9]{8}$' LOOP
    IF (to_date(substr(r.relname, 16), 'YYYYMMDD') + 1)::timestamp AT TIME ZONE 'UTC' <= before THEN
      EXECUTE format('DROP TABLE %I', r.relname);
      dropped := dropped + 1;
    END IF;
  END LOOP;
  RETURN dropped;
END
$$;

-- Start of the oldest daily partition (where a first rollup begins), NULL when there is none.
CREATE FUNCTION check_statuses_oldest_day() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT min(to_date(substr(c.relname, 16), 'YYYYMMDD'))::timestamp AT TIME ZONE 'UTC'
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
  WHERE i.inhparent = 'check_statuses'::regclass AND c.relname ~ '^check_statuses_[0-9]{8}$'
$$;

-- A time as JavaScript's toISOString writes it (UTC, milliseconds, "Z"), for JSON built in SQL.
CREATE FUNCTION check_iso(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- Latency bins: h01 counts runs under 1 ms, h(k+1) runs in [bounds[k], bounds[k+1]), h34 runs of at
-- least the last bound. The bin of a duration is width_bucket(duration, check_latency_bounds()) + 1.
CREATE FUNCTION check_latency_bounds() RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$ SELECT ARRAY[1,2,3,5,7,10,15,20,30,50,70,100,150,200,300,500,700,1000,1500,2000,3000,5000,7000,10000,15000,20000,30000,50000,70000,100000,150000,200000,300000] $$;

-- Hourly rollup of check_statuses (UTC hours). The current hour's row covers up to the rollup watermark.
CREATE TABLE check_statuses_1h (
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  bucket timestamptz NOT NULL,
  passed integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  duration_sum bigint NOT NULL DEFAULT 0,
  duration_count integer NOT NULL DEFAULT 0,
  duration_min integer,
  duration_max integer,
  h01 integer NOT NULL DEFAULT 0, h02 integer NOT NULL DEFAULT 0, h03 integer NOT NULL DEFAULT 0, h04 integer NOT NULL DEFAULT 0, h05 integer NOT NULL DEFAULT 0, h06 integer NOT NULL DEFAULT 0,
  h07 integer NOT NULL DEFAULT 0, h08 integer NOT NULL DEFAULT 0, h09 integer NOT NULL DEFAULT 0, h10 integer NOT NULL DEFAULT 0, h11 integer NOT NULL DEFAULT 0, h12 integer NOT NULL DEFAULT 0,
  h13 integer NOT NULL DEFAULT 0, h14 integer NOT NULL DEFAULT 0, h15 integer NOT NULL DEFAULT 0, h16 integer NOT NULL DEFAULT 0, h17 integer NOT NULL DEFAULT 0, h18 integer NOT NULL DEFAULT 0,
  h19 integer NOT NULL DEFAULT 0, h20 integer NOT NULL DEFAULT 0, h21 integer NOT NULL DEFAULT 0, h22 integer NOT NULL DEFAULT 0, h23 integer NOT NULL DEFAULT 0, h24 integer NOT NULL DEFAULT 0,
  h25 integer NOT NULL DEFAULT 0, h26 integer NOT NULL DEFAULT 0, h27 integer NOT NULL DEFAULT 0, h28 integer NOT NULL DEFAULT 0, h29 integer NOT NULL DEFAULT 0, h30 integer NOT NULL DEFAULT 0,
  h31 integer NOT NULL DEFAULT 0, h32 integer NOT NULL DEFAULT 0, h33 integer NOT NULL DEFAULT 0, h34 integer NOT NULL DEFAULT 0,
  last_pass timestamptz,
  last_fail timestamptz,
  PRIMARY KEY (check_id, bucket)
);
CREATE INDEX check_statuses_1h_bucket_idx ON check_statuses_1h (bucket);

-- Daily rollup (UTC days), summed from the hourly rows; kept longest.
CREATE TABLE check_statuses_1d (LIKE check_statuses_1h INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
ALTER TABLE check_statuses_1d ADD PRIMARY KEY (check_id, bucket);
ALTER TABLE check_statuses_1d ADD FOREIGN KEY (check_id) REFERENCES checks (id) ON DELETE CASCADE;
CREATE INDEX check_statuses_1d_bucket_idx ON check_statuses_1d (bucket);

-- How far each rollup has gone: 'hourly' covers check_statuses before rolled_until, 'daily' the days before it.
CREATE TABLE check_rollup_state (
  name text PRIMARY KEY,
  rolled_until timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- (Re)computes the hourly rows of the hours in [from_time, to_time) from check_statuses, replacing them.
-- from_time is rounded down to the hour so a row is never rebuilt from part of its hour.
CREATE FUNCTION check_statuses_rollup_hours(from_time timestamptz, to_time timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  written bigint;
BEGIN
  from_time := date_trunc('hour', from_time, 'UTC');
  WITH g AS (
    SELECT check_id, date_trunc('hour', time, 'UTC') AS bucket, width_bucket(duration, check_latency_bounds()) AS bin,
           count(*) FILTER (WHERE status) AS passed, count(*) FILTER (WHERE NOT status) AS failed,
           sum(duration) AS dsum, count(*) AS n, min(duration) AS dmin, max(duration) AS dmax,
           max(time) FILTER (WHERE status) AS last_pass, max(time) FILTER (WHERE NOT status) AS last_fail
    FROM check_statuses
    WHERE time >= from_time AND time < to_time
    GROUP BY 1, 2, 3
  ), ins AS (
    INSERT INTO check_statuses_1h (check_id, bucket, passed, failed, duration_sum, duration_count, duration_min, duration_max,
                                   h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23, h24, h25, h26, h27, h28, h29, h30, h31, h32, h33, h34, last_pass, last_fail)
    SELECT check_id, bucket, sum(passed), sum(failed), sum(dsum), sum(n), min(dmin), max(dmax),
         coalesce(sum(n) FILTER (WHERE bin = 0), 0), coalesce(sum(n) FILTER (WHERE bin = 1), 0), coalesce(sum(n) FILTER (WHERE bin = 2), 0),
         coalesce(sum(n) FILTER (WHERE bin = 3), 0), coalesce(sum(n) FILTER (WHERE bin = 4), 0), coalesce(sum(n) FILTER (WHERE bin = 5), 0),
         coalesce(sum(n) FILTER (WHERE bin = 6), 0), coalesce(sum(n) FILTER (WHERE bin = 7), 0), coalesce(sum(n) FILTER (WHERE bin = 8), 0),
         coalesce(sum(n) FILTER (WHERE bin = 9), 0), coalesce(sum(n) FILTER (WHERE bin = 10), 0), coalesce(sum(n) FILTER (WHERE bin = 11), 0),
         coalesce(sum(n) FILTER (WHERE bin = 12), 0), coalesce(sum(n) FILTER (WHERE bin = 13), 0), coalesce(sum(n) FILTER (WHERE bin = 14), 0),
         coalesce(sum(n) FILTER (WHERE bin = 15), 0), coalesce(sum(n) FILTER (WHERE bin = 16), 0), coalesce(sum(n) FILTER (WHERE bin = 17), 0),
         coalesce(sum(n) FILTER (WHERE bin = 18), 0), coalesce(sum(n) FILTER (WHERE bin = 19), 0), coalesce(sum(n) FILTER (WHERE bin = 20), 0),
         coalesce(sum(n) FILTER (WHERE bin = 21), 0), coalesce(sum(n) FILTER (WHERE bin = 22), 0), coalesce(sum(n) FILTER (WHERE bin = 23), 0),
         coalesce(sum(n) FILTER (WHERE bin = 24), 0), coalesce(sum(n) FILTER (WHERE bin = 25), 0), coalesce(sum(n) FILTER (WHERE bin = 26), 0),
         coalesce(sum(n) FILTER (WHERE bin = 27), 0), coalesce(sum(n) FILTER (WHERE bin = 28), 0), coalesce(sum(n) FILTER (WHERE bin = 29), 0),
         coalesce(sum(n) FILTER (WHERE bin = 30), 0), coalesce(sum(n) FILTER (WHERE bin = 31), 0), coalesce(sum(n) FILTER (WHERE bin = 32), 0),
         coalesce(sum(n) FILTER (WHERE bin = 33), 0),
         max(last_pass), max(last_fail)
    FROM g GROUP BY check_id, bucket
    ON CONFLICT (check_id, bucket) DO UPDATE SET
    passed = excluded.passed, failed = excluded.failed, duration_sum = excluded.duration_sum,
    duration_count = excluded.duration_count, duration_min = excluded.duration_min, duration_max = excluded.duration_max,
    h01 = excluded.h01, h02 = excluded.h02, h03 = excluded.h03, h04 = excluded.h04, h05 = excluded.h05, h06 = excluded.h06,
    h07 = excluded.h07, h08 = excluded.h08, h09 = excluded.h09, h10 = excluded.h10, h11 = excluded.h11, h12 = excluded.h12,
    h13 = excluded.h13, h14 = excluded.h14, h15 = excluded.h15, h16 = excluded.h16, h17 = excluded.h17, h18 = excluded.h18,
    h19 = excluded.h19, h20 = excluded.h20, h21 = excluded.h21, h22 = excluded.h22, h23 = excluded.h23, h24 = excluded.h24,
    h25 = excluded.h25, h26 = excluded.h26, h27 = excluded.h27, h28 = excluded.h28, h29 = excluded.h29, h30 = excluded.h30,
    h31 = excluded.h31, h32 = excluded.h32, h33 = excluded.h33, h34 = excluded.h34,
    last_pass = excluded.last_pass, last_fail = excluded.last_fail
    RETURNING 1
  )
  SELECT count(*) INTO written FROM ins;
  RETURN written;
END
$$;

-- (Re)computes the daily rows of the whole UTC days in [from_time, to_time) from the hourly rows.
CREATE FUNCTION check_statuses_rollup_days(from_time timestamptz, to_time timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  written bigint;
BEGIN
  from_time := date_trunc('day', from_time, 'UTC');
  to_time := date_trunc('day', to_time, 'UTC');
  WITH ins AS (
    INSERT INTO check_statuses_1d (check_id, bucket, passed, failed, duration_sum, duration_count, duration_min, duration_max,
                                   h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23, h24, h25, h26, h27, h28, h29, h30, h31, h32, h33, h34, last_pass, last_fail)
    SELECT check_id, date_trunc('day', bucket, 'UTC'), sum(passed), sum(failed), sum(duration_sum), sum(duration_count),
         min(duration_min), max(duration_max),
         sum(h01), sum(h02), sum(h03), sum(h04), sum(h05), sum(h06), sum(h07), sum(h08),
         sum(h09), sum(h10), sum(h11), sum(h12), sum(h13), sum(h14), sum(h15), sum(h16),
         sum(h17), sum(h18), sum(h19), sum(h20), sum(h21), sum(h22), sum(h23), sum(h24),
         sum(h25), sum(h26), sum(h27), sum(h28), sum(h29), sum(h30), sum(h31), sum(h32),
         sum(h33), sum(h34),
         max(last_pass), max(last_fail)
    FROM check_statuses_1h
    WHERE bucket >= from_time AND bucket < to_time
    GROUP BY 1, 2
    ON CONFLICT (check_id, bucket) DO UPDATE SET
    passed = excluded.passed, failed = excluded.failed, duration_sum = excluded.duration_sum,
    duration_count = excluded.duration_count, duration_min = excluded.duration_min, duration_max = excluded.duration_max,
    h01 = excluded.h01, h02 = excluded.h02, h03 = excluded.h03, h04 = excluded.h04, h05 = excluded.h05, h06 = excluded.h06,
    h07 = excluded.h07, h08 = excluded.h08, h09 = excluded.h09, h10 = excluded.h10, h11 = excluded.h11, h12 = excluded.h12,
    h13 = excluded.h13, h14 = excluded.h14, h15 = excluded.h15, h16 = excluded.h16, h17 = excluded.h17, h18 = excluded.h18,
    h19 = excluded.h19, h20 = excluded.h20, h21 = excluded.h21, h22 = excluded.h22, h23 = excluded.h23, h24 = excluded.h24,
    h25 = excluded.h25, h26 = excluded.h26, h27 = excluded.h27, h28 = excluded.h28, h29 = excluded.h29, h30 = excluded.h30,
    h31 = excluded.h31, h32 = excluded.h32, h33 = excluded.h33, h34 = excluded.h34,
    last_pass = excluded.last_pass, last_fail = excluded.last_fail
    RETURNING 1
  )
  SELECT count(*) INTO written FROM ins;
  RETURN written;
END
$$;

-- Percentiles (default p50, p95, p97, p99) of a latency histogram: the bin holding the rank, interpolated
-- linearly inside it and clamped to the observed min and max. NULL for an empty histogram.
CREATE FUNCTION check_latency_percentiles(hist bigint[], dmin integer, dmax integer, qs float8[] DEFAULT ARRAY[0.5, 0.95, 0.97, 0.99])
RETURNS float8[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  bounds constant integer[] := check_latency_bounds();
  total bigint;
  result float8[] := '{}';
  q float8;
  pos float8;
  cum bigint;
  n bigint;
  lo float8;
  hi float8;
BEGIN
  SELECT coalesce(sum(x), 0) INTO total FROM unnest(hist) AS x;
  IF total = 0 THEN
    RETURN NULL;
  END IF;
  FOREACH q IN ARRAY qs LOOP
    pos := q * (total - 1);
    cum := 0;
    FOR k IN 1 .. array_length(hist, 1) LOOP
      n := coalesce(hist[k], 0);
      IF n > 0 AND pos < cum + n THEN
        lo := greatest(CASE WHEN k = 1 THEN 0 ELSE bounds[k - 1] END, dmin);
        hi := least(CASE WHEN k > array_length(bounds, 1) THEN dmax ELSE bounds[k] END, dmax);
        IF hi < lo THEN
          hi := lo;
        END IF;
        result := result || (lo + (hi - lo) * ((pos - cum + 0.5) / n));
        EXIT;
      END IF;
      cum := cum + n;
    END LOOP;
  END LOOP;
  RETURN result;
END
$$;

-- The figures of the last hour per check (uptime, latency percentiles), as Mission Control's check summary:
-- recomputed every minute by the check-summary job so the dashboard's default view reads 10,000 rows
-- instead of sorting every run of the hour on each load. check_rollup_state 'summary_1h' holds the window end.
CREATE TABLE check_summary_1h (
  check_id uuid PRIMARY KEY REFERENCES checks (id) ON DELETE CASCADE,
  passed integer NOT NULL,
  failed integer NOT NULL,
  last_pass timestamptz,
  last_fail timestamptz,
  avg float8,
  percentiles float8[]
);

-- Recompute check_summary_1h for the hour before `window_end` (exact percentiles) in one transaction.
CREATE FUNCTION check_summary_1h_refresh(window_end timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  written bigint;
BEGIN
  PERFORM set_config('work_mem', '64MB', true);
  DELETE FROM check_summary_1h;
  INSERT INTO check_summary_1h (check_id, passed, failed, last_pass, last_fail, avg, percentiles)
  SELECT check_id, count(*) FILTER (WHERE status), count(*) FILTER (WHERE NOT status),
         max(time) FILTER (WHERE status), max(time) FILTER (WHERE NOT status), avg(duration)::float8,
         percentile_cont(ARRAY[0.5, 0.95, 0.97, 0.99]::float8[]) WITHIN GROUP (ORDER BY duration)
  FROM check_statuses
  WHERE time >= window_end - interval '1 hour' AND time < window_end
  GROUP BY check_id;
  GET DIAGNOSTICS written = ROW_COUNT;
  INSERT INTO check_rollup_state (name, rolled_until) VALUES ('summary_1h', window_end)
  ON CONFLICT (name) DO UPDATE SET rolled_until = excluded.rolled_until, updated_at = now();
  RETURN written;
END
$$;

-- Links of checks to topology components and catalog config items. Those tables arrive with later
-- areas, which add the foreign keys; until then the ids are plain uuids.
CREATE TABLE check_component_relationships (
  component_id uuid NOT NULL,
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (component_id, check_id, selector_id)
);
CREATE INDEX check_component_relationships_check_idx ON check_component_relationships (check_id);

CREATE TABLE check_config_relationships (
  config_id uuid NOT NULL,
  check_id uuid NOT NULL REFERENCES checks (id) ON DELETE CASCADE,
  canary_id uuid NOT NULL REFERENCES canaries (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (config_id, check_id, selector_id)
);
CREATE INDEX check_config_relationships_check_idx ON check_config_relationships (check_id);

-- Canaries with how many of their live checks are healthy, unhealthy or not yet run.
CREATE VIEW canaries_with_status AS
SELECT c.id, c.name, c.namespace, c.agent_id, c.spec, c.labels, c.schedule, c.source, c.created_by,
       c.created_at, c.updated_at, c.deleted_at,
       jsonb_build_object('healthy', coalesce(s.healthy, 0), 'unhealthy', coalesce(s.unhealthy, 0), 'unknown', coalesce(s.unknown, 0)) AS checks,
       coalesce(s.total, 0)::integer AS checks_count,
       coalesce(s.healthy, 0)::integer AS passing,
       coalesce(s.unhealthy, 0)::integer AS failing,
       s.last_runtime
FROM canaries c
LEFT JOIN LATERAL (
  SELECT count(*) AS total,
         count(*) FILTER (WHERE k.status = 'healthy') AS healthy,
         count(*) FILTER (WHERE k.status = 'unhealthy') AS unhealthy,
         count(*) FILTER (WHERE k.status = 'unknown') AS unknown,
         max(k.last_runtime) AS last_runtime
  FROM checks k
  WHERE k.canary_id = c.id AND k.deleted_at IS NULL
) s ON true;

-- Live checks by name, for pickers.
CREATE VIEW check_names AS
SELECT id, canary_id, name, namespace, type, status FROM checks WHERE deleted_at IS NULL;

CREATE VIEW checks_by_component AS
SELECT r.component_id, r.check_id, c.canary_id, c.name, c.type, c.status, c.namespace, c.icon, r.selector_id
FROM check_component_relationships r
JOIN checks c ON c.id = r.check_id
WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL;

CREATE VIEW check_summary_for_config AS
SELECT r.config_id, c.id, c.canary_id, c.name, c.type, c.status, c.namespace, c.icon, c.last_runtime
FROM check_config_relationships r
JOIN checks c ON c.id = r.check_id
WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL;

-- Agents count their live checks now that the table exists (0001 defined a placeholder).
CREATE OR REPLACE FUNCTION agent_checks_count(agent uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT count(*) FROM checks WHERE agent_id = agent AND deleted_at IS NULL
$$;

-- Job history of canary runs shows the canary's name.
CREATE OR REPLACE FUNCTION job_resource_name(resource_type text, resource_id text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN resource_type = 'team' THEN (SELECT t.name FROM teams t WHERE t.id::text = resource_id)
    WHEN resource_type = 'agent' THEN (SELECT a.name FROM agents a WHERE a.id::text = resource_id)
    WHEN resource_type = 'canary' THEN (SELECT c.name FROM canaries c WHERE c.id::text = resource_id)
    ELSE NULL
  END
$$;
