-- Shell-level entities of spec 1 §3: people, identities, roles, teams, properties, agents,
-- access tokens, sessions, job history, the event queue and saved queries.

CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE people (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text,
  avatar text,
  type text NOT NULL DEFAULT 'user',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX people_email_key ON people (lower(email)) WHERE deleted_at IS NULL AND email IS NOT NULL;
CREATE INDEX people_name_idx ON people (name);

-- Identity of a person who can sign in; traits follow Kratos' shape {email, name: {first, last}}.
CREATE TABLE identities (
  id uuid PRIMARY KEY REFERENCES people (id) ON DELETE CASCADE,
  traits jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'inactive')),
  state_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Secrets live apart from identities so that no generic read can reach them.
CREATE TABLE identity_credentials (
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  type text NOT NULL,
  secret text NOT NULL,
  config jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (identity_id, type)
);

CREATE TABLE roles (
  name text PRIMARY KEY,
  description text NOT NULL DEFAULT ''
);
INSERT INTO roles (name, description) VALUES
  ('admin', 'Full access'),
  ('editor', 'Everything except connections, identities and RBAC'),
  ('commander', 'Reads everything but RBAC, identities and connections; writes incidents'),
  ('responder', 'Reads everything but RBAC, identities and connections; writes incidents'),
  ('viewer', 'Read only');

CREATE TABLE person_roles (
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  role text NOT NULL REFERENCES roles (name),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (person_id, role)
);

CREATE VIEW people_roles AS
SELECT p.id, p.name, p.email, p.avatar,
       COALESCE(array_agg(pr.role ORDER BY pr.role) FILTER (WHERE pr.role IS NOT NULL), '{}') AS roles
FROM people p
LEFT JOIN person_roles pr ON pr.person_id = p.id
WHERE p.deleted_at IS NULL
GROUP BY p.id;

CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  aal text NOT NULL DEFAULT 'aal1',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_person_idx ON sessions (person_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  icon text,
  spec jsonb NOT NULL DEFAULT '{}',
  source text,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX teams_name_key ON teams (name) WHERE deleted_at IS NULL;

CREATE TABLE team_members (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, person_id)
);
CREATE INDEX team_members_person_idx ON team_members (person_id);

-- Feature flags and other settings. source 'local' rows come from the properties file and are read-only.
CREATE TABLE properties (
  name text PRIMARY KEY,
  value text NOT NULL,
  source text NOT NULL DEFAULT 'db',
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE agents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text,
  hostname text,
  version text,
  properties jsonb NOT NULL DEFAULT '{}',
  person_id uuid REFERENCES people (id),
  cleanup boolean NOT NULL DEFAULT false,
  last_seen timestamptz,
  last_received timestamptz,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX agents_name_key ON agents (name) WHERE deleted_at IS NULL;
-- The all-zero UUID is 'no agent' and is referenced by resources created locally.
INSERT INTO agents (id, name, description) VALUES ('00000000-0000-0000-0000-000000000000', 'local', 'Resources created on this server');

-- Counts of what an agent pushed. Later migrations redefine these functions once the tables exist.
CREATE FUNCTION agent_config_count(agent uuid) RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT 0::bigint $$;
CREATE FUNCTION agent_checks_count(agent uuid) RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT 0::bigint $$;
CREATE FUNCTION agent_config_scraper_count(agent uuid) RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT 0::bigint $$;
CREATE FUNCTION agent_playbook_runs_count(agent uuid) RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT 0::bigint $$;

CREATE VIEW agents_summary AS
SELECT a.id, a.name, a.description, a.hostname, a.version, a.properties, a.person_id, a.cleanup,
       a.last_seen, a.last_received, a.created_by, a.created_at, a.updated_at, a.deleted_at,
       agent_config_count(a.id) AS config_count,
       agent_checks_count(a.id) AS checks_count,
       agent_config_scraper_count(a.id) AS config_scrapper_count,
       agent_playbook_runs_count(a.id) AS playbook_runs_count,
       CASE
         WHEN a.last_seen IS NULL THEN NULL
         WHEN a.last_seen > now() - interval '61 seconds' THEN 'Online'
         ELSE 'Offline'
       END AS status
FROM agents a
WHERE a.id <> '00000000-0000-0000-0000-000000000000';

-- Personal and agent access tokens; only the sha256 of the token is stored.
CREATE TABLE access_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  value_hash text NOT NULL UNIQUE,
  person_id uuid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  agent_id uuid REFERENCES agents (id) ON DELETE CASCADE,
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz
);
CREATE INDEX access_tokens_person_idx ON access_tokens (person_id);

-- One row per background job run (spec 3 job history).
CREATE TABLE job_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  resource_type text,
  resource_id text,
  status text NOT NULL CHECK (status IN ('RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED')),
  success_count integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  details jsonb NOT NULL DEFAULT '{}',
  errors text[] NOT NULL DEFAULT '{}',
  hostname text,
  agent_id uuid,
  duration_millis integer,
  time_start timestamptz NOT NULL DEFAULT now(),
  time_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_history_created_idx ON job_history (created_at DESC);
CREATE INDEX job_history_name_created_idx ON job_history (name, created_at DESC);
CREATE INDEX job_history_status_created_idx ON job_history (status, created_at DESC);
CREATE INDEX job_history_resource_idx ON job_history (resource_type, resource_id, created_at DESC);

-- The display name of a job's resource; later migrations redefine it as resource tables appear.
CREATE FUNCTION job_resource_name(resource_type text, resource_id text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN resource_type = 'team' THEN (SELECT t.name FROM teams t WHERE t.id::text = resource_id)
    WHEN resource_type = 'agent' THEN (SELECT a.name FROM agents a WHERE a.id::text = resource_id)
    ELSE NULL
  END
$$;

CREATE VIEW job_histories AS
SELECT jh.*, job_resource_name(jh.resource_type, jh.resource_id) AS resource_name, ag.name AS agent_name
FROM job_history jh
LEFT JOIN agents ag ON ag.id = jh.agent_id;

CREATE TABLE job_names (name text PRIMARY KEY);
CREATE VIEW job_history_names AS SELECT name FROM job_names;

-- Events waiting to be consumed; a consumed event is deleted, a failing one keeps its error and attempts.
CREATE TABLE event_queue (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  properties jsonb NOT NULL DEFAULT '{}',
  error text,
  attempts integer NOT NULL DEFAULT 0,
  priority integer NOT NULL DEFAULT 0,
  last_attempt timestamptz,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_queue_due_idx ON event_queue (next_attempt_at, priority DESC);
CREATE INDEX event_queue_name_idx ON event_queue (name);

CREATE VIEW event_queue_summary AS
SELECT name,
       count(*) FILTER (WHERE error IS NULL) AS pending,
       count(*) FILTER (WHERE error IS NOT NULL) AS failed,
       round(avg(attempts), 2)::float8 AS average_attempts,
       min(last_attempt) FILTER (WHERE error IS NOT NULL) AS first_failure,
       max(last_attempt) FILTER (WHERE error IS NOT NULL) AS last_failure,
       mode() WITHIN GROUP (ORDER BY error) FILTER (WHERE error IS NOT NULL) AS most_common_error
FROM event_queue
GROUP BY name;

CREATE TABLE saved_query (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  query jsonb NOT NULL DEFAULT '{}',
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
