-- Playbooks (issue 16): applied Playbook specs, their runs and the runs' actions as rows the engine claims,
-- approvals, artifacts kept with an action, and the read views of the playbook screens.

-- One playbook (mission-control.flanksource.com/v1 Playbook, or made in the UI). `spec` is the document's spec
-- as written; title, icon, description and category are copied out of it so lists need not read the spec.
-- Schedule triggers (`on.schedule`) live in spec_schedules (kind 'playbook') like every scheduled spec.
CREATE TABLE playbooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (name <> ''),
  namespace text NOT NULL DEFAULT 'default',
  title text NOT NULL CHECK (title <> ''),
  icon text,
  description text,
  category text NOT NULL DEFAULT 'Other',
  spec jsonb NOT NULL DEFAULT '{}',
  source text NOT NULL DEFAULT 'UI',
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX playbooks_namespace_name_key ON playbooks (namespace, name) WHERE deleted_at IS NULL;
-- A webhook path names one live playbook: the webhook endpoint finds it by this index.
CREATE UNIQUE INDEX playbooks_webhook_path_key ON playbooks ((spec #>> '{on,webhook,path}'))
  WHERE deleted_at IS NULL AND spec #>> '{on,webhook,path}' IS NOT NULL;
CREATE INDEX playbooks_category_title_idx ON playbooks (category, title) WHERE deleted_at IS NULL;
CREATE TRIGGER playbooks_mark_changed AFTER INSERT OR UPDATE OR DELETE ON playbooks
  FOR EACH ROW EXECUTE FUNCTION spec_schedules_mark_changed('playbook');

-- One run of a playbook. `spec` is the playbook's spec when the run was made, so an edit never changes a run
-- under way; `parameters` are the resolved values (secret parameters encrypted, see the engine README).
-- A run is claimed by one process at a time (`claimed_by`, a server_instances id, until `lease_until`); a
-- dead owner's claim is released by recovery, which closes what cannot be resumed honestly.
CREATE TABLE playbook_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  playbook_id uuid NOT NULL REFERENCES playbooks (id),
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN (
    'scheduled', 'pending_approval', 'running', 'sleeping', 'waiting', 'retrying',
    'completed', 'failed', 'cancelled', 'timed_out')),
  spec jsonb NOT NULL DEFAULT '{}',
  parameters jsonb NOT NULL DEFAULT '{}',
  -- What started it: manual, rerun, webhook, schedule, or the event name (config.updated, check.failed, …),
  -- and for a webhook the request it came with ({method, headers, params, content, json}).
  trigger text NOT NULL DEFAULT 'manual',
  request jsonb,
  error text,
  component_id uuid REFERENCES components (id),
  config_id uuid REFERENCES config_items (id),
  check_id uuid REFERENCES checks (id),
  -- The run this one repeats (Re-run), with the same parameters.
  parent_id uuid REFERENCES playbook_runs (id),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents (id),
  timeout_ms integer,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  scheduled_time timestamptz NOT NULL DEFAULT now(),
  start_time timestamptz,
  end_time timestamptz,
  claimed_by text,
  lease_until timestamptz
);
-- The claim: due runs in time order; only unfinished runs are in the index.
CREATE INDEX playbook_runs_due_idx ON playbook_runs (scheduled_time)
  WHERE status IN ('scheduled', 'running', 'sleeping', 'retrying', 'waiting');
CREATE INDEX playbook_runs_created_idx ON playbook_runs (created_at DESC, id DESC);
CREATE INDEX playbook_runs_playbook_idx ON playbook_runs (playbook_id, created_at DESC);
CREATE INDEX playbook_runs_config_idx ON playbook_runs (config_id, created_at DESC) WHERE config_id IS NOT NULL;
CREATE INDEX playbook_runs_check_idx ON playbook_runs (check_id, created_at DESC) WHERE check_id IS NOT NULL;
CREATE INDEX playbook_runs_component_idx ON playbook_runs (component_id, created_at DESC) WHERE component_id IS NOT NULL;
CREATE INDEX playbook_runs_pending_approval_idx ON playbook_runs (created_at DESC) WHERE status = 'pending_approval';

-- One attempt of one action of a run (`position` is its index in the spec's actions; a retry is a new row with
-- the next `attempt`). An action row is written 'running' before its side effect starts and is never started
-- again: recovery fails an action whose owner died while it ran instead of running it twice.
CREATE TABLE playbook_run_actions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  playbook_run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  name text NOT NULL,
  position integer NOT NULL,
  attempt integer NOT NULL DEFAULT 1,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN (
    'scheduled', 'running', 'sleeping', 'waiting', 'retrying', 'completed', 'failed', 'cancelled', 'timed_out', 'skipped')),
  scheduled_time timestamptz NOT NULL DEFAULT now(),
  start_time timestamptz,
  end_time timestamptz,
  error text,
  -- The action's output: {stdout, stderr, exitCode} for exec, {code, headers, body} for http, {rows, count}
  -- for sql, {logs: [...]} for logs, {commit, branch} for gitops, … plus `content`/`contentType` when given.
  result jsonb,
  claimed_by text,
  UNIQUE (playbook_run_id, position, attempt)
);
CREATE INDEX playbook_run_actions_run_idx ON playbook_run_actions (playbook_run_id, position, attempt);

-- Files an exec action declared as artifacts, kept with the run (capped per file by the engine).
CREATE TABLE playbook_run_artifacts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  playbook_run_action_id uuid NOT NULL REFERENCES playbook_run_actions (id) ON DELETE CASCADE,
  path text NOT NULL,
  filename text NOT NULL,
  content_type text NOT NULL DEFAULT 'application/octet-stream',
  size bigint NOT NULL,
  checksum text NOT NULL,
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX playbook_run_artifacts_action_idx ON playbook_run_artifacts (playbook_run_action_id);

-- Who approved a run waiting for approval: a person, counted for themselves and for each team they belong to.
CREATE TABLE playbook_approvals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  run_id uuid NOT NULL REFERENCES playbook_runs (id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (run_id, person_id)
);

-- The names of live playbooks, for pickers and filters.
CREATE VIEW playbook_names AS
SELECT id, name, namespace, title, icon, category, description
FROM playbooks
WHERE deleted_at IS NULL;

-- Job history rows of playbook runs link to /playbooks/{id} and show the playbook's name.
CREATE OR REPLACE FUNCTION job_resource_name(resource_type text, resource_id text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN resource_type = 'team' THEN (SELECT t.name FROM teams t WHERE t.id::text = resource_id)
    WHEN resource_type = 'agent' THEN (SELECT a.name FROM agents a WHERE a.id::text = resource_id)
    WHEN resource_type = 'canary' THEN (SELECT c.name FROM canaries c WHERE c.id::text = resource_id)
    WHEN resource_type IN ('config_scraper', 'catalog_scraper') THEN (SELECT s.name FROM config_scrapers s WHERE s.id::text = resource_id)
    WHEN resource_type = 'config' THEN (SELECT ci.name FROM config_items ci WHERE ci.id::text = resource_id)
    WHEN resource_type = 'topology' THEN (SELECT t.name FROM topologies t WHERE t.id::text = resource_id)
    WHEN resource_type = 'playbook' THEN (SELECT p.name FROM playbooks p WHERE p.id::text = resource_id)
    ELSE NULL
  END
$$;
