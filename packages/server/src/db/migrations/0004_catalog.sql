-- Configuration catalogue (issue 5): scrapers, config items, changes (deduplicated by fingerprint),
-- analysis, relationships, manual component links, the data-API views and the recursive walk.
-- Counters the catalogue lists show (changes, open analysis by type) are kept on the item by statement
-- triggers, and changes are also counted per item and UTC day so 30-day summaries read buckets, not rows.

-- One applied ScrapeConfig (configs.flanksource.com/v1). `spec` keeps the document's spec as written.
CREATE TABLE config_scrapers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (name <> ''),
  namespace text NOT NULL DEFAULT 'default',
  description text,
  spec jsonb NOT NULL DEFAULT '{}',
  labels jsonb NOT NULL DEFAULT '{}',
  -- Kept equal to spec.schedule (or the default) by config_scrapers_before_write.
  schedule text NOT NULL DEFAULT '@every 60m',
  source text,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX config_scrapers_name_key ON config_scrapers (agent_id, namespace, name) WHERE deleted_at IS NULL;

-- The schedule column and spec.schedule stay one value: a write of only the column moves it into the spec.
CREATE FUNCTION config_scrapers_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.spec := coalesce(NEW.spec, '{}'::jsonb);
  IF TG_OP = 'INSERT' THEN
    IF coalesce(btrim(NEW.spec->>'schedule'), '') = '' AND coalesce(NEW.schedule, '') NOT IN ('', '@every 60m') THEN
      NEW.spec := jsonb_set(NEW.spec, '{schedule}', to_jsonb(NEW.schedule));
    END IF;
  ELSIF NEW.schedule IS DISTINCT FROM OLD.schedule AND NEW.spec->'schedule' IS NOT DISTINCT FROM OLD.spec->'schedule' THEN
    NEW.spec := CASE WHEN coalesce(NEW.schedule, '') = '' THEN NEW.spec - 'schedule'
                     ELSE jsonb_set(NEW.spec, '{schedule}', to_jsonb(NEW.schedule)) END;
  END IF;
  NEW.schedule := coalesce(nullif(btrim(NEW.spec->>'schedule'), ''), '@every 60m');
  RETURN NEW;
END
$$;
CREATE TRIGGER config_scrapers_before_write BEFORE INSERT OR UPDATE ON config_scrapers FOR EACH ROW EXECUTE FUNCTION config_scrapers_before_write();

-- The scrape scheduler's claim table: next run, lease (one run at a time across processes), last run.
CREATE TABLE config_scraper_schedules (
  scraper_id uuid PRIMARY KEY REFERENCES config_scrapers (id) ON DELETE CASCADE,
  schedule text NOT NULL,
  next_run_at timestamptz,
  claimed_by text,
  lease_until timestamptz,
  last_run_at timestamptz,
  error text
);
CREATE INDEX config_scraper_schedules_due_idx ON config_scraper_schedules (next_run_at) WHERE next_run_at IS NOT NULL;

-- One configuration item. Identity: (scraper_id, type, external_id[1]); external_id[2..] are aliases.
CREATE TABLE config_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE SET NULL,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  external_id text[] NOT NULL DEFAULT '{}',
  type text NOT NULL,
  config_class text NOT NULL DEFAULT '',
  name text,
  description text,
  source text,
  config jsonb,
  format text NOT NULL DEFAULT 'json',
  -- sha256 of the item as last scraped (canonical JSON of body and attributes): an unchanged item is
  -- recognised without reading its body back. NULL (written another way) means "compare the bodies".
  config_hash text,
  parent_id uuid REFERENCES config_items (id) ON DELETE SET NULL,
  -- Ancestor ids from the root, '.'-separated, ending with the parent's id.
  path text,
  labels jsonb NOT NULL DEFAULT '{}',
  tags jsonb NOT NULL DEFAULT '{}',
  properties jsonb,
  status text,
  health text NOT NULL DEFAULT 'unknown',
  ready boolean NOT NULL DEFAULT false,
  cost_per_minute double precision,
  cost_total_1d double precision,
  cost_total_7d double precision,
  cost_total_30d double precision,
  -- Maintained by the config_changes / config_analysis triggers below.
  changes_count integer NOT NULL DEFAULT 0,
  analysis_counts jsonb NOT NULL DEFAULT '{}',
  last_scraped_time timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  deleted_at timestamptz,
  delete_reason text
);
CREATE UNIQUE INDEX config_items_identity_key ON config_items (scraper_id, type, (external_id[1])) NULLS NOT DISTINCT;
CREATE INDEX config_items_external_id_idx ON config_items USING gin (external_id);
CREATE INDEX config_items_type_external_idx ON config_items (type, (external_id[1]));
CREATE INDEX config_items_type_name_idx ON config_items (type, name, id) WHERE deleted_at IS NULL;
CREATE INDEX config_items_name_idx ON config_items (name, id) WHERE deleted_at IS NULL;
CREATE INDEX config_items_updated_idx ON config_items (updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX config_items_deleted_idx ON config_items (deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX config_items_parent_idx ON config_items (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX config_items_scraper_idx ON config_items (scraper_id, type);
CREATE INDEX config_items_status_idx ON config_items (status) WHERE deleted_at IS NULL;
CREATE INDEX config_items_agent_idx ON config_items (agent_id) WHERE agent_id <> '00000000-0000-0000-0000-000000000000';

-- One change of an item. A repeat (same config and fingerprint within the dedup window) bumps `count`
-- and `created_at` (last seen); `first_observed` keeps the first time.
CREATE TABLE config_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  external_change_id text,
  change_type text NOT NULL,
  severity text,
  source text,
  summary text,
  details jsonb,
  patches jsonb,
  diff text,
  fingerprint text,
  created_by uuid REFERENCES people (id),
  external_created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  first_observed timestamptz NOT NULL DEFAULT now(),
  count integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX config_changes_external_key ON config_changes (config_id, external_change_id) WHERE external_change_id IS NOT NULL;
CREATE INDEX config_changes_created_idx ON config_changes (created_at DESC);
CREATE INDEX config_changes_config_idx ON config_changes (config_id, created_at DESC);
CREATE INDEX config_changes_type_idx ON config_changes (change_type, created_at DESC);
CREATE INDEX config_changes_fingerprint_idx ON config_changes (config_id, fingerprint, created_at DESC) WHERE fingerprint IS NOT NULL;

-- Change rows per item and UTC day of created_at (last seen), for windowed counts.
CREATE TABLE config_change_daily (
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  day date NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (day, config_id)
);

-- One finding of an analyzer on an item; identity (config_id, analyzer).
CREATE TABLE config_analysis (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE SET NULL,
  analyzer text NOT NULL,
  analysis_type text NOT NULL DEFAULT 'other',
  severity text NOT NULL DEFAULT 'info',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  summary text,
  message text,
  analysis jsonb,
  source text,
  first_observed timestamptz NOT NULL DEFAULT now(),
  last_observed timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX config_analysis_key ON config_analysis (config_id, analyzer);
CREATE INDEX config_analysis_last_idx ON config_analysis (last_observed DESC);
CREATE INDEX config_analysis_analyzer_idx ON config_analysis (analyzer);
CREATE INDEX config_analysis_type_idx ON config_analysis (analysis_type);
CREATE INDEX config_analysis_scraper_idx ON config_analysis (scraper_id) WHERE status = 'open';

-- A link between two items (config_id → related_id), owned by the scraper that reported it.
CREATE TABLE config_relationships (
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  related_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  relation text NOT NULL DEFAULT '',
  selector_id text NOT NULL DEFAULT '',
  scraper_id uuid REFERENCES config_scrapers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX config_relationships_key ON config_relationships (config_id, related_id, relation, scraper_id) NULLS NOT DISTINCT;
CREATE INDEX config_relationships_related_idx ON config_relationships (related_id);
CREATE INDEX config_relationships_scraper_idx ON config_relationships (scraper_id);

-- Links of topology components to items; user-made ones carry selector_id 'manual'. Components arrive
-- with the topology area, which adds the foreign key.
CREATE TABLE config_component_relationships (
  component_id uuid NOT NULL,
  config_id uuid NOT NULL REFERENCES config_items (id) ON DELETE CASCADE,
  selector_id text NOT NULL DEFAULT 'manual',
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (component_id, config_id, selector_id)
);
CREATE INDEX config_component_relationships_config_idx ON config_component_relationships (config_id);

-- Counters of changes: per item (total rows) and per item and day (rows by last-seen day).
CREATE FUNCTION config_changes_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE config_items ci SET changes_count = ci.changes_count + d.n
  FROM (SELECT config_id, count(*)::int AS n FROM new_rows GROUP BY config_id) d WHERE ci.id = d.config_id;
  INSERT INTO config_change_daily AS t (config_id, day, n)
  SELECT config_id, (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM new_rows GROUP BY 1, 2
  ON CONFLICT (day, config_id) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END
$$;
CREATE FUNCTION config_changes_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE config_items ci SET changes_count = greatest(ci.changes_count - d.n, 0)
  FROM (SELECT config_id, count(*)::int AS n FROM old_rows GROUP BY config_id) d WHERE ci.id = d.config_id;
  UPDATE config_change_daily t SET n = t.n - d.n
  FROM (SELECT config_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM old_rows GROUP BY 1, 2) d
  WHERE t.config_id = d.config_id AND t.day = d.day;
  DELETE FROM config_change_daily t USING (SELECT DISTINCT config_id FROM old_rows) d WHERE t.config_id = d.config_id AND t.n <= 0;
  RETURN NULL;
END
$$;
-- A repeat moves created_at (last seen): the row moves to the new day's bucket.
CREATE FUNCTION config_changes_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT o.config_id, (o.created_at AT TIME ZONE 'UTC')::date AS old_day, (n.created_at AT TIME ZONE 'UTC')::date AS new_day
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.created_at AT TIME ZONE 'UTC')::date <> (n.created_at AT TIME ZONE 'UTC')::date AND o.config_id = n.config_id
  ), delta AS (
    SELECT config_id, day, sum(d)::int AS d FROM (
      SELECT config_id, old_day AS day, -1 AS d FROM moved UNION ALL SELECT config_id, new_day, 1 FROM moved
    ) x GROUP BY 1, 2
  )
  INSERT INTO config_change_daily AS t (config_id, day, n) SELECT config_id, day, d FROM delta
  ON CONFLICT (day, config_id) DO UPDATE SET n = t.n + excluded.n;
  DELETE FROM config_change_daily t USING (SELECT DISTINCT config_id FROM old_rows) d WHERE t.config_id = d.config_id AND t.n <= 0;
  RETURN NULL;
END
$$;
CREATE TRIGGER config_changes_count_insert AFTER INSERT ON config_changes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION config_changes_count_insert();
CREATE TRIGGER config_changes_count_delete AFTER DELETE ON config_changes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION config_changes_count_delete();
CREATE TRIGGER config_changes_count_update AFTER UPDATE ON config_changes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION config_changes_count_update();

-- Open findings by analysis type, kept incrementally from each statement's transition rows (linear in the
-- rows touched whatever the planner thinks of the tables).
CREATE FUNCTION jsonb_add_counts(counts jsonb, delta jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(k, n) FILTER (WHERE n > 0), '{}')
  FROM (
    SELECT k, sum(v)::int AS n FROM (
      SELECT key AS k, value::int AS v FROM jsonb_each_text(coalesce(counts, '{}'))
      UNION ALL SELECT key, value::int FROM jsonb_each_text(coalesce(delta, '{}'))
    ) x GROUP BY k
  ) y
$$;
-- Deltas of one statement: +1 for each open row after it, -1 for each open row before it.
CREATE FUNCTION config_analysis_count_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE config_items ci SET analysis_counts = jsonb_add_counts(ci.analysis_counts, d.delta)
  FROM (SELECT config_id, jsonb_object_agg(analysis_type, n) AS delta
        FROM (SELECT config_id, analysis_type, count(*) AS n FROM new_rows WHERE status = 'open' GROUP BY 1, 2) x GROUP BY 1) d
  WHERE ci.id = d.config_id;
  RETURN NULL;
END
$$;
CREATE FUNCTION config_analysis_count_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE config_items ci SET analysis_counts = jsonb_add_counts(ci.analysis_counts, d.delta)
  FROM (SELECT config_id, jsonb_object_agg(analysis_type, -n) AS delta
        FROM (SELECT config_id, analysis_type, count(*) AS n FROM old_rows WHERE status = 'open' GROUP BY 1, 2) x GROUP BY 1) d
  WHERE ci.id = d.config_id;
  RETURN NULL;
END
$$;
CREATE FUNCTION config_analysis_count_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE config_items ci SET analysis_counts = jsonb_add_counts(ci.analysis_counts, d.delta)
  FROM (SELECT config_id, jsonb_object_agg(analysis_type, n) AS delta FROM (
          SELECT config_id, analysis_type, sum(dn) AS n FROM (
            SELECT config_id, analysis_type, 1 AS dn FROM new_rows WHERE status = 'open'
            UNION ALL SELECT config_id, analysis_type, -1 FROM old_rows WHERE status = 'open') u
          GROUP BY 1, 2) x
        WHERE n <> 0 GROUP BY 1) d
  WHERE ci.id = d.config_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER config_analysis_count_ins AFTER INSERT ON config_analysis REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_count_ins();
CREATE TRIGGER config_analysis_count_del AFTER DELETE ON config_analysis REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_count_del();
CREATE TRIGGER config_analysis_count_upd AFTER UPDATE ON config_analysis REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_count_upd();

-- The catalogue list: items without their body, with change and open-analysis counts.
CREATE VIEW configs AS
SELECT ci.id, ci.name, ci.type, ci.config_class, ci.status, ci.health, ci.ready, ci.description, ci.labels, ci.tags,
       ci.external_id, ci.path, ci.parent_id, ci.scraper_id, ci.agent_id, ci.created_at, ci.updated_at, ci.deleted_at,
       ci.last_scraped_time, ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d,
       ci.changes_count AS changes, ci.analysis_counts AS analysis
FROM config_items ci;

-- One item with its body, scraper and agent refs and the tab badge counts (read one id at a time).
CREATE VIEW config_detail AS
SELECT c.*, ci.config, ci.format, ci.properties,
       CASE WHEN s.id IS NULL THEN NULL ELSE jsonb_build_object('id', s.id, 'name', s.name) END AS config_scrapers,
       jsonb_build_object('id', ag.id, 'name', ag.name) AS agent,
       jsonb_build_object(
         'changes', ci.changes_count,
         'analysis', (SELECT count(*) FROM config_analysis a WHERE a.config_id = ci.id AND a.status = 'open'),
         'relationships', (SELECT count(*) FROM config_relationships r WHERE (r.config_id = ci.id OR r.related_id = ci.id) AND r.deleted_at IS NULL)
                          + (SELECT count(*) FROM config_items k WHERE k.parent_id = ci.id AND k.deleted_at IS NULL)
                          + (CASE WHEN ci.parent_id IS NULL THEN 0 ELSE 1 END),
         'playbook_runs', 0,
         'checks', (SELECT count(*) FROM check_config_relationships cr WHERE cr.config_id = ci.id AND cr.deleted_at IS NULL)
       ) AS summary
FROM configs c
JOIN config_items ci ON ci.id = c.id
LEFT JOIN config_scrapers s ON s.id = ci.scraper_id
LEFT JOIN agents ag ON ag.id = ci.agent_id;

CREATE VIEW config_names AS
SELECT id, name, type, config_class, deleted_at FROM config_items;

-- Distinct values by a skip scan over an index (a few index probes per distinct value, not a full scan).
CREATE VIEW config_types AS
WITH RECURSIVE t AS (
  (SELECT type FROM config_items WHERE deleted_at IS NULL ORDER BY type LIMIT 1)
  UNION ALL
  SELECT (SELECT ci.type FROM config_items ci WHERE ci.deleted_at IS NULL AND ci.type > t.type ORDER BY ci.type LIMIT 1) FROM t WHERE t.type IS NOT NULL
)
SELECT type FROM t WHERE type IS NOT NULL;

CREATE VIEW config_statuses AS
SELECT DISTINCT status FROM config_items WHERE deleted_at IS NULL AND status IS NOT NULL;

CREATE VIEW config_tags AS
SELECT DISTINCT t.key, t.value FROM config_items ci, jsonb_each_text(ci.tags) t WHERE ci.deleted_at IS NULL;

CREATE VIEW config_labels AS
SELECT DISTINCT l.key, l.value FROM config_items ci, jsonb_each_text(ci.labels) l WHERE ci.deleted_at IS NULL;

CREATE VIEW change_types AS
WITH RECURSIVE t AS (
  (SELECT change_type FROM config_changes ORDER BY change_type LIMIT 1)
  UNION ALL
  SELECT (SELECT c.change_type FROM config_changes c WHERE c.change_type > t.change_type ORDER BY c.change_type LIMIT 1) FROM t WHERE t.change_type IS NOT NULL
)
SELECT change_type FROM t WHERE change_type IS NOT NULL;

CREATE VIEW config_analysis_analyzers AS
WITH RECURSIVE t AS (
  (SELECT analyzer FROM config_analysis ORDER BY analyzer LIMIT 1)
  UNION ALL
  SELECT (SELECT a.analyzer FROM config_analysis a WHERE a.analyzer > t.analyzer ORDER BY a.analyzer LIMIT 1) FROM t WHERE t.analyzer IS NOT NULL
)
SELECT analyzer FROM t WHERE analyzer IS NOT NULL;

CREATE VIEW analysis_types AS
WITH RECURSIVE t AS (
  (SELECT analysis_type FROM config_analysis ORDER BY analysis_type LIMIT 1)
  UNION ALL
  SELECT (SELECT a.analysis_type FROM config_analysis a WHERE a.analysis_type > t.analysis_type ORDER BY a.analysis_type LIMIT 1) FROM t WHERE t.analysis_type IS NOT NULL
)
SELECT analysis_type FROM t WHERE analysis_type IS NOT NULL;

-- Scrapers with their latest run (job history), their last failure and how many live items they own.
CREATE VIEW config_scrapers_with_status AS
SELECT s.id, s.name, s.namespace, s.description, s.spec, s.labels, s.schedule, s.source, s.agent_id, s.created_by,
       s.created_at, s.updated_at, s.deleted_at,
       j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end,
       j.details->'scrape_summary' AS job_details,
       (SELECT f.time_start FROM job_history f WHERE f.resource_type = 'config_scraper' AND f.resource_id = s.id::text
          AND f.status = 'FAILED' ORDER BY f.created_at DESC LIMIT 1) AS job_last_failed,
       (SELECT count(*) FROM config_items ci WHERE ci.scraper_id = s.id AND ci.deleted_at IS NULL)::integer AS config_count,
       sch.last_run_at AS last_scraped_time
FROM config_scrapers s
LEFT JOIN config_scraper_schedules sch ON sch.scraper_id = s.id
LEFT JOIN LATERAL (
  SELECT h.status, h.time_start, h.time_end, h.details FROM job_history h
  WHERE h.resource_type = 'config_scraper' AND h.resource_id = s.id::text ORDER BY h.created_at DESC LIMIT 1
) j ON true;

-- Items reached from one item by a breadth-first walk over parent/child links ('hard') and, unless only
-- hard links are asked for, config_relationships ('soft'): outgoing = children and targets, incoming =
-- parents and sources. Deleted items are neither returned nor walked through unless asked for.
CREATE TYPE related_config AS (
  id uuid, name text, type text, config_class text, tags jsonb, status text, health text, changes integer,
  deleted_at timestamptz, related_ids uuid[], direction text, relation text, depth integer, agent_id uuid
);
CREATE FUNCTION related_configs_recursive(
  config_id uuid,
  type_filter text DEFAULT 'all',
  include_deleted_configs boolean DEFAULT false,
  max_depth integer DEFAULT 10,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both',
  type text DEFAULT NULL,
  status text DEFAULT NULL,
  health text DEFAULT NULL
) RETURNS SETOF related_config LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  root uuid := related_configs_recursive.config_id;
  lim integer := least(greatest(coalesce(related_configs_recursive.max_depth, 10), 1), 10);
  with_deleted boolean := coalesce(related_configs_recursive.include_deleted_configs, false);
  dir text;
  soft boolean;
  visited uuid[];
  frontier uuid[];
  level jsonb;
  d integer;
BEGIN
  IF coalesce(type_filter, 'all') NOT IN ('all', 'incoming', 'outgoing') THEN
    RAISE EXCEPTION 'type_filter must be incoming, outgoing or all, not %', type_filter USING ERRCODE = '22023';
  END IF;
  IF coalesce(incoming_relation, 'both') NOT IN ('hard', 'both') OR coalesce(outgoing_relation, 'both') NOT IN ('hard', 'both') THEN
    RAISE EXCEPTION 'incoming_relation and outgoing_relation must be hard or both' USING ERRCODE = '22023';
  END IF;
  FOREACH dir IN ARRAY ARRAY['outgoing', 'incoming'] LOOP
    CONTINUE WHEN coalesce(type_filter, 'all') NOT IN ('all', dir);
    soft := CASE WHEN dir = 'outgoing' THEN coalesce(outgoing_relation, 'both') = 'both' ELSE coalesce(incoming_relation, 'both') = 'both' END;
    visited := ARRAY[root];
    frontier := ARRAY[root];
    FOR d IN 1..lim LOOP
      EXIT WHEN cardinality(frontier) = 0;
      WITH e AS (
        SELECT k.id AS nid, k.parent_id AS pred, 'hard' AS rel FROM config_items k
        WHERE dir = 'outgoing' AND k.parent_id = ANY (frontier)
        UNION ALL
        SELECT k.parent_id, k.id, 'hard' FROM config_items k
        WHERE dir = 'incoming' AND k.id = ANY (frontier) AND k.parent_id IS NOT NULL
        UNION ALL
        SELECT r.related_id, r.config_id, 'soft' FROM config_relationships r
        WHERE soft AND dir = 'outgoing' AND r.config_id = ANY (frontier) AND r.deleted_at IS NULL
        UNION ALL
        SELECT r.config_id, r.related_id, 'soft' FROM config_relationships r
        WHERE soft AND dir = 'incoming' AND r.related_id = ANY (frontier) AND r.deleted_at IS NULL
      )
      SELECT jsonb_object_agg(x.nid, jsonb_build_object('p', x.preds, 'r', x.rel)) INTO level
      FROM (
        SELECT e.nid, jsonb_agg(DISTINCT e.pred) AS preds, min(e.rel) AS rel
        FROM e JOIN config_items n ON n.id = e.nid
        WHERE NOT (e.nid = ANY (visited)) AND (with_deleted OR n.deleted_at IS NULL)
        GROUP BY e.nid
      ) x;
      EXIT WHEN level IS NULL;
      frontier := ARRAY(SELECT k::uuid FROM jsonb_object_keys(level) k);
      visited := visited || frontier;
      RETURN QUERY
        SELECT ci.id, ci.name, ci.type, ci.config_class, ci.tags, ci.status, ci.health, ci.changes_count,
               ci.deleted_at, ARRAY(SELECT jsonb_array_elements_text(level->(ci.id::text)->'p')::uuid),
               dir, level->(ci.id::text)->>'r', d, ci.agent_id
        FROM config_items ci
        WHERE ci.id = ANY (frontier)
          AND (related_configs_recursive.type IS NULL OR ci.type = related_configs_recursive.type)
          AND (related_configs_recursive.status IS NULL OR ci.status = related_configs_recursive.status)
          AND (related_configs_recursive.health IS NULL OR ci.health = related_configs_recursive.health);
    END LOOP;
  END LOOP;
END
$$;

-- Agents count their live items and scrapers now that the tables exist (0001 defined placeholders).
CREATE OR REPLACE FUNCTION agent_config_count(agent uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT count(*) FROM config_items WHERE agent_id = agent AND deleted_at IS NULL
$$;
CREATE OR REPLACE FUNCTION agent_config_scraper_count(agent uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT count(*) FROM config_scrapers WHERE agent_id = agent AND deleted_at IS NULL
$$;

-- Job history of scrapes shows the scraper's name (and keeps the cases of 0001 and 0003).
CREATE OR REPLACE FUNCTION job_resource_name(resource_type text, resource_id text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN resource_type = 'team' THEN (SELECT t.name FROM teams t WHERE t.id::text = resource_id)
    WHEN resource_type = 'agent' THEN (SELECT a.name FROM agents a WHERE a.id::text = resource_id)
    WHEN resource_type = 'canary' THEN (SELECT c.name FROM canaries c WHERE c.id::text = resource_id)
    WHEN resource_type IN ('config_scraper', 'catalog_scraper') THEN (SELECT s.name FROM config_scrapers s WHERE s.id::text = resource_id)
    WHEN resource_type = 'config' THEN (SELECT ci.name FROM config_items ci WHERE ci.id::text = resource_id)
    ELSE NULL
  END
$$;
