-- Topology and logs (issue 15): applied Topology specs, the components their runs produce, team links,
-- log backends, the read views of the dashboard and the settings lists, and the integrations arms.

-- One applied Topology (canaries.flanksource.com/v1). `spec` keeps the document's spec as written; the
-- schedule lives in spec_schedules (kind 'topology') like every other scheduled spec.
CREATE TABLE topologies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (name <> ''),
  namespace text NOT NULL DEFAULT 'default',
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  icon text,
  spec jsonb NOT NULL DEFAULT '{}',
  labels jsonb NOT NULL DEFAULT '{}',
  source text NOT NULL DEFAULT 'UI',
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX topologies_namespace_name_key ON topologies (namespace, name) WHERE deleted_at IS NULL;
CREATE INDEX topologies_created_idx ON topologies (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE TRIGGER topologies_mark_changed AFTER INSERT OR UPDATE OR DELETE ON topologies
  FOR EACH ROW EXECUTE FUNCTION spec_schedules_mark_changed('topology');

-- A component produced by a topology run (or pushed by an agent). `path` is the dot-joined ids of its
-- ancestors (root first, '' for a root) so a subtree is one prefix scan; `depth` orders roll-ups bottom-up.
-- `own_status`/`own_health` come from the spec (status, statusExpr, healthExpr) and stay null when the
-- spec says nothing; `status`/`health` are the rolled-up values the dashboard shows (worst of own, checks,
-- linked configs and children). `summary` is kept current by components_rollup, never computed per read.
CREATE TABLE components (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  topology_id uuid REFERENCES topologies (id) ON DELETE CASCADE,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  parent_id uuid REFERENCES components (id) ON DELETE SET NULL,
  path text NOT NULL DEFAULT '',
  depth integer NOT NULL DEFAULT 0,
  external_id text,
  name text NOT NULL,
  title text,
  text text,
  description text,
  type text,
  icon text,
  namespace text,
  owner text,
  tooltip text,
  lifecycle text,
  labels jsonb NOT NULL DEFAULT '{}',
  hidden boolean NOT NULL DEFAULT false,
  own_status text,
  own_health text,
  status text NOT NULL DEFAULT 'unknown',
  health text NOT NULL DEFAULT 'unknown',
  status_reason text,
  properties jsonb NOT NULL DEFAULT '[]',
  -- The component's `logs` entries ([{name, selector...}]), its `configs` selectors and its own checks
  -- selectors, as written in the spec; the engine resolves them into the relationship tables.
  log_selectors jsonb NOT NULL DEFAULT '[]',
  configs jsonb NOT NULL DEFAULT '[]',
  selectors jsonb NOT NULL DEFAULT '[]',
  summary jsonb NOT NULL DEFAULT '{}',
  is_leaf boolean NOT NULL DEFAULT true,
  cost_per_minute numeric,
  cost_total_1d numeric,
  cost_total_7d numeric,
  cost_total_30d numeric,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX components_topology_idx ON components (topology_id) WHERE deleted_at IS NULL;
CREATE INDEX components_parent_idx ON components (parent_id) WHERE deleted_at IS NULL;
CREATE INDEX components_path_idx ON components (path text_pattern_ops) WHERE deleted_at IS NULL;
CREATE INDEX components_external_id_idx ON components (external_id) WHERE deleted_at IS NULL AND external_id IS NOT NULL;
CREATE INDEX components_type_name_idx ON components (type, name) WHERE deleted_at IS NULL;
CREATE INDEX components_labels_idx ON components USING gin (labels);

-- Teams own components (by a team's component selectors, or by hand with selector_id 'manual').
CREATE TABLE team_components (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  component_id uuid NOT NULL REFERENCES components (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT 'manual',
  role text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, component_id, selector_id)
);
CREATE INDEX team_components_component_idx ON team_components (component_id);

-- Links made before components existed point nowhere; the tables get their foreign keys now.
DELETE FROM check_component_relationships r WHERE NOT EXISTS (SELECT 1 FROM components c WHERE c.id = r.component_id);
DELETE FROM config_component_relationships r WHERE NOT EXISTS (SELECT 1 FROM components c WHERE c.id = r.component_id);
ALTER TABLE check_component_relationships
  ADD CONSTRAINT check_component_relationships_component_fkey FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE;
ALTER TABLE config_component_relationships
  ADD CONSTRAINT config_component_relationships_component_fkey FOREIGN KEY (component_id) REFERENCES components (id) ON DELETE CASCADE;
CREATE INDEX check_component_relationships_component_idx ON check_component_relationships (component_id) WHERE deleted_at IS NULL;

-- A log backend: where the logs viewer and the logs playbook action read lines from. `spec` says which
-- kind (file, loki, opensearch, elasticsearch, kubernetes, server) and how to reach it (often a connection).
CREATE TABLE logging_backends (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (name <> ''),
  labels jsonb NOT NULL DEFAULT '{}',
  spec jsonb NOT NULL DEFAULT '{}',
  source text NOT NULL DEFAULT 'UI',
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX logging_backends_name_key ON logging_backends (name) WHERE deleted_at IS NULL;

-- Pickers and filters of the dashboard and the logs viewer.
CREATE VIEW component_names AS
SELECT id, name, title, type, icon, external_id, topology_id, parent_id, path, status, health, agent_id, hidden, deleted_at
FROM components WHERE deleted_at IS NULL;

CREATE VIEW components_with_logs AS
SELECT id, name, title, type, icon, external_id, topology_id, agent_id, log_selectors AS logs
FROM components WHERE deleted_at IS NULL AND jsonb_array_length(log_selectors) > 0;

CREATE VIEW component_labels AS
SELECT DISTINCT l.key, l.value
FROM components c, jsonb_each_text(c.labels) l
WHERE c.deleted_at IS NULL;

CREATE VIEW component_types AS
SELECT DISTINCT type FROM components WHERE deleted_at IS NULL AND type IS NOT NULL;

CREATE VIEW team_components_view AS
SELECT tc.team_id, tc.component_id, tc.selector_id, tc.role, jsonb_build_object('id', t.id, 'name', t.name, 'icon', t.icon) AS team
FROM team_components tc JOIN teams t ON t.id = tc.team_id
WHERE t.deleted_at IS NULL;

-- Settings lists: topologies and log backends with the latest run and last failure of their job.
CREATE VIEW topologies_with_status AS
SELECT t.id, t.name, t.namespace, t.icon, t.spec, t.labels, coalesce(sch.schedule, '') AS schedule, t.source, t.agent_id,
       t.created_by, t.created_at, t.updated_at, t.deleted_at,
       j.name AS job_name, j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end,
       j.details AS job_details, j.errors AS job_errors,
       (SELECT f.time_start FROM job_history f WHERE f.resource_type = 'topology' AND f.resource_id = t.id::text
          AND f.status = 'FAILED' ORDER BY f.created_at DESC LIMIT 1) AS job_last_failed,
       sch.last_run_at
FROM topologies t
LEFT JOIN spec_schedules sch ON sch.kind = 'topology' AND sch.resource_id = t.id
LEFT JOIN LATERAL (
  SELECT h.name, h.status, h.time_start, h.time_end, h.details, h.errors FROM job_history h
  WHERE h.resource_type = 'topology' AND h.resource_id = t.id::text ORDER BY h.created_at DESC LIMIT 1
) j ON true;

CREATE VIEW logging_backends_with_status AS
SELECT b.id, b.name, b.labels, b.spec, b.source, b.agent_id, b.created_by, b.created_at, b.updated_at, b.deleted_at
FROM logging_backends b;

CREATE INDEX job_history_topology_idx ON job_history (resource_id, created_at DESC) WHERE resource_type = 'topology';

-- Integrations: the topologies and log backends arms beside the scrapers one of 0027.
CREATE OR REPLACE VIEW integrations_with_status AS
SELECT s.id, s.name, s.namespace, s.source, 'scrapers'::text AS integration_type, s.agent_id AS agent,
       j.status AS job_status, j.details AS job_details, j.name AS job_name, j.time_start AS job_time_start,
       s.created_by, s.created_at, s.updated_at, s.deleted_at
FROM config_scrapers s
LEFT JOIN LATERAL (
  SELECT h.status, h.details, h.name, h.time_start FROM job_history h
  WHERE h.resource_type = 'config_scraper' AND h.resource_id = s.id::text ORDER BY h.created_at DESC LIMIT 1
) j ON true
WHERE s.deleted_at IS NULL
UNION ALL
SELECT t.id, t.name, t.namespace, t.source, 'topologies'::text, t.agent_id,
       j.status, j.details, j.name, j.time_start,
       t.created_by, t.created_at, t.updated_at, t.deleted_at
FROM topologies t
LEFT JOIN LATERAL (
  SELECT h.status, h.details, h.name, h.time_start FROM job_history h
  WHERE h.resource_type = 'topology' AND h.resource_id = t.id::text ORDER BY h.created_at DESC LIMIT 1
) j ON true
WHERE t.deleted_at IS NULL
UNION ALL
SELECT b.id, b.name, NULL::text, b.source, 'logging_backends'::text, b.agent_id,
       NULL::text, NULL::jsonb, NULL::text, NULL::timestamptz,
       b.created_by, b.created_at, b.updated_at, b.deleted_at
FROM logging_backends b
WHERE b.deleted_at IS NULL;

-- Job history shows the topology's name.
CREATE OR REPLACE FUNCTION job_resource_name(resource_type text, resource_id text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN resource_type = 'team' THEN (SELECT t.name FROM teams t WHERE t.id::text = resource_id)
    WHEN resource_type = 'agent' THEN (SELECT a.name FROM agents a WHERE a.id::text = resource_id)
    WHEN resource_type = 'canary' THEN (SELECT c.name FROM canaries c WHERE c.id::text = resource_id)
    WHEN resource_type IN ('config_scraper', 'catalog_scraper') THEN (SELECT s.name FROM config_scrapers s WHERE s.id::text = resource_id)
    WHEN resource_type = 'config' THEN (SELECT ci.name FROM config_items ci WHERE ci.id::text = resource_id)
    WHEN resource_type = 'topology' THEN (SELECT t.name FROM topologies t WHERE t.id::text = resource_id)
    ELSE NULL
  END
$$;
