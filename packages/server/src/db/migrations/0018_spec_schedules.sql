-- One schedule for every applied spec that runs by itself (ADR 0014). Canaries and scrapers had a claim
-- table each, a `schedule` column kept equal to the spec by triggers, and the canary interval rule written
-- again in SQL. Now the spec is the only truth: the server parses it (scheduling/schedule.ts) when the
-- resource changes and writes the result here; views read the schedule text from this table.

CREATE TABLE spec_schedules (
  -- What the resource is ('canary', 'scraper'; later topologies, playbook triggers, digests) and its id.
  kind text NOT NULL,
  resource_id uuid NOT NULL,
  -- Changed since the scheduler last read its spec (set by spec_schedules_mark_changed).
  dirty boolean NOT NULL DEFAULT true,
  -- Bumped on every (re)schedule; a run finishing under an older version leaves next_run_at alone.
  version bigint NOT NULL DEFAULT 0,
  -- The schedule as parsed from the spec (for lists), the run timeout the lease allows for, the next run.
  schedule text NOT NULL DEFAULT '',
  timeout_ms integer NOT NULL DEFAULT 60000,
  next_run_at timestamptz,
  -- The lease: one run of a resource at a time across server processes (scheduled and Run Now alike).
  claimed_by text,
  claimed_at timestamptz,
  lease_until timestamptz,
  last_run_at timestamptz,
  -- Why the resource is not scheduled (a spec that does not parse, written around the API).
  error text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, resource_id)
);
CREATE INDEX spec_schedules_due_idx ON spec_schedules (kind, next_run_at) WHERE next_run_at IS NOT NULL;
CREATE INDEX spec_schedules_dirty_idx ON spec_schedules (kind, updated_at) WHERE dirty;

-- Any write that changes a resource marks its schedule row dirty, whatever path it came by (apply, data
-- API, SQL); a hard delete removes the row. TG_ARGV[0] is the kind. A write that only touches updated_at
-- changes nothing the scheduler reads.
CREATE FUNCTION spec_schedules_mark_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM spec_schedules WHERE kind = TG_ARGV[0] AND resource_id = OLD.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'updated_at') = (to_jsonb(OLD) - 'updated_at') THEN
    RETURN NULL;
  END IF;
  INSERT INTO spec_schedules (kind, resource_id, dirty) VALUES (TG_ARGV[0], NEW.id, true)
  ON CONFLICT (kind, resource_id) DO UPDATE SET dirty = true, updated_at = now();
  RETURN NULL;
END
$$;

-- Existing resources: every live one is synced again from its spec; runs and leases carry over.
INSERT INTO spec_schedules (kind, resource_id, dirty, schedule, timeout_ms, last_run_at)
SELECT 'canary', c.id, true, coalesce(s.schedule, ''), coalesce(s.timeout_ms, 60000), s.last_run_at
FROM canaries c LEFT JOIN canary_schedules s ON s.canary_id = c.id;
INSERT INTO spec_schedules (kind, resource_id, dirty, schedule, timeout_ms, last_run_at)
SELECT 'scraper', c.id, true, coalesce(s.schedule, ''), 1800000, s.last_run_at
FROM config_scrapers c LEFT JOIN config_scraper_schedules s ON s.scraper_id = c.id;

DROP TRIGGER canaries_mark_changed ON canaries;
DROP FUNCTION canaries_mark_changed();
DROP TRIGGER canaries_before_write ON canaries;
DROP FUNCTION canaries_before_write();
DROP TRIGGER config_scrapers_before_write ON config_scrapers;
DROP FUNCTION config_scrapers_before_write();
DROP VIEW canaries_with_status;
DROP VIEW config_scrapers_with_status;
ALTER TABLE canaries DROP COLUMN schedule;
ALTER TABLE config_scrapers DROP COLUMN schedule;
DROP FUNCTION canary_schedule_of(jsonb);
DROP TABLE canary_schedules;
DROP TABLE config_scraper_schedules;

CREATE TRIGGER canaries_mark_changed AFTER INSERT OR UPDATE OR DELETE ON canaries
  FOR EACH ROW EXECUTE FUNCTION spec_schedules_mark_changed('canary');
CREATE TRIGGER config_scrapers_mark_changed AFTER INSERT OR UPDATE OR DELETE ON config_scrapers
  FOR EACH ROW EXECUTE FUNCTION spec_schedules_mark_changed('scraper');

-- Canaries with how many of their live checks are healthy, unhealthy or not yet run.
CREATE VIEW canaries_with_status AS
SELECT c.id, c.name, c.namespace, c.agent_id, c.spec, c.labels, coalesce(sch.schedule, '') AS schedule, c.source, c.created_by,
       c.created_at, c.updated_at, c.deleted_at,
       jsonb_build_object('healthy', coalesce(s.healthy, 0), 'unhealthy', coalesce(s.unhealthy, 0), 'unknown', coalesce(s.unknown, 0)) AS checks,
       coalesce(s.total, 0)::integer AS checks_count,
       coalesce(s.healthy, 0)::integer AS passing,
       coalesce(s.unhealthy, 0)::integer AS failing,
       s.last_runtime
FROM canaries c
LEFT JOIN spec_schedules sch ON sch.kind = 'canary' AND sch.resource_id = c.id
LEFT JOIN LATERAL (
  SELECT count(*) AS total,
         count(*) FILTER (WHERE k.status = 'healthy') AS healthy,
         count(*) FILTER (WHERE k.status = 'unhealthy') AS unhealthy,
         count(*) FILTER (WHERE k.status = 'unknown') AS unknown,
         max(k.last_runtime) AS last_runtime
  FROM checks k
  WHERE k.canary_id = c.id AND k.deleted_at IS NULL
) s ON true;

-- Scrapers with their latest run (job history), their last failure and how many live items they own.
CREATE VIEW config_scrapers_with_status AS
SELECT s.id, s.name, s.namespace, s.description, s.spec, s.labels, coalesce(sch.schedule, '') AS schedule, s.source, s.agent_id, s.created_by,
       s.created_at, s.updated_at, s.deleted_at,
       j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end,
       j.details->'scrape_summary' AS job_details,
       (SELECT f.time_start FROM job_history f WHERE f.resource_type = 'config_scraper' AND f.resource_id = s.id::text
          AND f.status = 'FAILED' ORDER BY f.created_at DESC LIMIT 1) AS job_last_failed,
       (SELECT count(*) FROM config_items ci WHERE ci.scraper_id = s.id AND ci.deleted_at IS NULL)::integer AS config_count,
       sch.last_run_at AS last_scraped_time
FROM config_scrapers s
LEFT JOIN spec_schedules sch ON sch.kind = 'scraper' AND sch.resource_id = s.id
LEFT JOIN LATERAL (
  SELECT h.status, h.time_start, h.time_end, h.details FROM job_history h
  WHERE h.resource_type = 'config_scraper' AND h.resource_id = s.id::text ORDER BY h.created_at DESC LIMIT 1
) j ON true;
