-- Integrations: one row per live scraper, topology and log backend with its latest run, for
-- /settings/integrations. Deleted resources are left out; deleted_at is kept (always null) so clients
-- may filter deleted_at=is.null as they do on every settings list. `agent` is the owning agent's id
-- (the zero UUID when the server itself runs it).
-- Only config_scrapers exists so far: issue 15 adds the topologies and logging_backends arms here
-- (UNION ALL, integration_type 'topologies' and 'logging_backends') together with their tables.
CREATE VIEW integrations_with_status AS
SELECT s.id, s.name, s.namespace, s.source, 'scrapers'::text AS integration_type, s.agent_id AS agent,
       j.status AS job_status, j.details AS job_details, j.name AS job_name, j.time_start AS job_time_start,
       s.created_by, s.created_at, s.updated_at, s.deleted_at
FROM config_scrapers s
LEFT JOIN LATERAL (
  SELECT h.status, h.details, h.name, h.time_start FROM job_history h
  WHERE h.resource_type = 'config_scraper' AND h.resource_id = s.id::text ORDER BY h.created_at DESC LIMIT 1
) j ON true
WHERE s.deleted_at IS NULL;
