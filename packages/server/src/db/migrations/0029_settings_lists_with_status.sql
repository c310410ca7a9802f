-- The settings resource lists (/settings/{table}) read one view per table with the same job columns:
-- the latest run's name, status, start, details and errors, and when it last failed. The job columns are
-- scalar subqueries, not lateral joins, so a count or a sort over the whole list never computes them and a
-- page computes them only for its own rows (PostgreSQL evaluates costly select-list items after ORDER BY … LIMIT).

-- Last Failed looks up the newest FAILED run of one resource; canaries run every few seconds to minutes and
-- rarely fail, so this avoids walking all of a resource's runs to find none.
CREATE INDEX job_history_failed_resource_idx ON job_history (resource_type, resource_id, created_at DESC) WHERE status = 'FAILED';

-- The canaries list pages newest first with id breaking ties (canaries applied together share created_at), in
-- either direction, straight from this index: only a page's rows are read and get their job columns.
DROP INDEX canaries_created_idx;
CREATE INDEX canaries_created_idx ON canaries (created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- Canaries: the columns of 0018 (check counts for the dashboard) plus the job columns.
CREATE OR REPLACE VIEW canaries_with_status AS
SELECT c.id, c.name, c.namespace, c.agent_id, c.spec, c.labels, coalesce(sch.schedule, '') AS schedule, c.source, c.created_by,
       c.created_at, c.updated_at, c.deleted_at,
       jsonb_build_object('healthy', coalesce(s.healthy, 0), 'unhealthy', coalesce(s.unhealthy, 0), 'unknown', coalesce(s.unknown, 0)) AS checks,
       coalesce(s.total, 0)::integer AS checks_count,
       coalesce(s.healthy, 0)::integer AS passing,
       coalesce(s.unhealthy, 0)::integer AS failing,
       s.last_runtime,
       (SELECT h.name FROM job_history h WHERE h.resource_type = 'canary' AND h.resource_id = c.id::text
          ORDER BY h.created_at DESC LIMIT 1) AS job_name,
       (SELECT h.status FROM job_history h WHERE h.resource_type = 'canary' AND h.resource_id = c.id::text
          ORDER BY h.created_at DESC LIMIT 1) AS job_status,
       (SELECT h.time_start FROM job_history h WHERE h.resource_type = 'canary' AND h.resource_id = c.id::text
          ORDER BY h.created_at DESC LIMIT 1) AS job_time_start,
       (SELECT h.details FROM job_history h WHERE h.resource_type = 'canary' AND h.resource_id = c.id::text
          ORDER BY h.created_at DESC LIMIT 1) AS job_details,
       (SELECT h.errors FROM job_history h WHERE h.resource_type = 'canary' AND h.resource_id = c.id::text
          ORDER BY h.created_at DESC LIMIT 1) AS job_errors,
       (SELECT h.time_start FROM job_history h WHERE h.resource_type = 'canary' AND h.resource_id = c.id::text
          AND h.status = 'FAILED' ORDER BY h.created_at DESC LIMIT 1) AS job_last_failed
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

-- Scrapers: the columns of 0018 plus the latest run's name and errors (job_details stays its scrape summary).
CREATE OR REPLACE VIEW config_scrapers_with_status AS
SELECT s.id, s.name, s.namespace, s.description, s.spec, s.labels, coalesce(sch.schedule, '') AS schedule, s.source, s.agent_id, s.created_by,
       s.created_at, s.updated_at, s.deleted_at,
       j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end,
       j.details->'scrape_summary' AS job_details,
       (SELECT f.time_start FROM job_history f WHERE f.resource_type = 'config_scraper' AND f.resource_id = s.id::text
          AND f.status = 'FAILED' ORDER BY f.created_at DESC LIMIT 1) AS job_last_failed,
       (SELECT count(*) FROM config_items ci WHERE ci.scraper_id = s.id AND ci.deleted_at IS NULL)::integer AS config_count,
       sch.last_run_at AS last_scraped_time,
       j.name AS job_name, j.errors AS job_errors
FROM config_scrapers s
LEFT JOIN spec_schedules sch ON sch.kind = 'scraper' AND sch.resource_id = s.id
LEFT JOIN LATERAL (
  SELECT h.name, h.status, h.time_start, h.time_end, h.details, h.errors FROM job_history h
  WHERE h.resource_type = 'config_scraper' AND h.resource_id = s.id::text ORDER BY h.created_at DESC LIMIT 1
) j ON true;

-- Teams: what the list shows (no spec, which may hold credentials) plus the job columns of their sync runs.
CREATE VIEW teams_with_status AS
SELECT t.id, t.name, t.icon, t.source, t.created_by, t.created_at, t.updated_at, t.deleted_at,
       (SELECT h.name FROM job_history h WHERE h.resource_type = 'team' AND h.resource_id = t.id::text
          ORDER BY h.created_at DESC LIMIT 1) AS job_name,
       (SELECT h.status FROM job_history h WHERE h.resource_type = 'team' AND h.resource_id = t.id::text
          ORDER BY h.created_at DESC LIMIT 1) AS job_status,
       (SELECT h.time_start FROM job_history h WHERE h.resource_type = 'team' AND h.resource_id = t.id::text
          ORDER BY h.created_at DESC LIMIT 1) AS job_time_start,
       (SELECT h.details FROM job_history h WHERE h.resource_type = 'team' AND h.resource_id = t.id::text
          ORDER BY h.created_at DESC LIMIT 1) AS job_details,
       (SELECT h.errors FROM job_history h WHERE h.resource_type = 'team' AND h.resource_id = t.id::text
          ORDER BY h.created_at DESC LIMIT 1) AS job_errors,
       (SELECT h.time_start FROM job_history h WHERE h.resource_type = 'team' AND h.resource_id = t.id::text
          AND h.status = 'FAILED' ORDER BY h.created_at DESC LIMIT 1) AS job_last_failed
FROM teams t;
