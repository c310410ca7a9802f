-- A check's summary text in two parts (issue 18): what a run changes and what only an apply changes.
--
-- Every scheduled run updates its check (status, times, latest runs), and the update trigger of 0007
-- re-rendered the whole row each time: the canary join, ten JSON values and five timestamps, ~0.07 ms of
-- PostgreSQL time per run at 10,000 checks a minute. Now `head` holds the fields a run does not change
-- and is rendered only when one of them changed; `run` holds status and run times, rendered on every
-- update from the row alone. The summary reads head || run (see summary-json.repository.ts).

ALTER TABLE check_summary_text ADD COLUMN run text NOT NULL DEFAULT '';

-- The members a run changes, each with its leading comma.
CREATE FUNCTION check_run_json(status text, last_runtime timestamptz, next_runtime timestamptz,
                               last_transition_time timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT ',"status":' || to_json(status)
    || concat(',"last_runtime":"' || check_iso(last_runtime) || '"', ',"next_runtime":"' || check_iso(next_runtime) || '"',
              ',"last_transition_time":"' || check_iso(last_transition_time) || '"')
$$;

-- Render the whole row of the given checks (new checks, changed fields, a renamed canary). Optional
-- fields are left out when empty, as the summary always has. PL/pgSQL, not SQL: its plan is kept for the
-- session (an SQL function's INSERT is planned again on every call, ~1 ms).
CREATE FUNCTION check_summary_text_render(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO check_summary_text (check_id, head, run, recent)
  SELECT n.id,
         '{"id":"' || n.id || '","canary_id":"' || n.canary_id || '","canary_name":' || to_json(ca.name)
           || ',"canary_namespace":' || to_json(ca.namespace) || ',"name":' || to_json(n.name)
           || ',"namespace":' || to_json(n.namespace) || ',"type":' || to_json(n.type)
           || ',"labels":' || n.labels::text || ',"agent_id":"' || n.agent_id || '","created_at":"' || check_iso(n.created_at)
           || '","updated_at":"' || check_iso(n.updated_at) || '"'
           || concat(',"icon":' || to_json(nullif(n.icon, '')), ',"severity":' || to_json(nullif(n.severity, '')),
                     ',"description":' || to_json(nullif(n.description, '')), ',"endpoint":' || to_json(nullif(n.endpoint, '')),
                     ',"owner":' || to_json(nullif(n.owner, ''))),
         check_run_json(n.status, n.last_runtime, n.next_runtime, n.last_transition_time),
         n.recent_statuses::text
  FROM checks n
  JOIN canaries ca ON ca.id = n.canary_id
  WHERE n.id = ANY(ids)
  ON CONFLICT (check_id) DO UPDATE SET head = excluded.head, run = excluded.run, recent = excluded.recent;
END
$$;

-- Statement triggers fire for statements that changed no row too (an apply's updates often change none).
CREATE OR REPLACE FUNCTION check_summary_text_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM changed) THEN
    RETURN NULL;
  END IF;
  PERFORM check_summary_text_render(array(SELECT id FROM changed));
  RETURN NULL;
END
$$;

-- After an update: checks whose head fields changed are rendered whole; the others (a run's write) get
-- their run part and latest runs only.
CREATE FUNCTION check_summary_text_resync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  whole uuid[];
BEGIN
  IF NOT EXISTS (SELECT FROM changed) THEN
    RETURN NULL;
  END IF;
  whole := array(
    SELECT n.id FROM changed n JOIN previous o ON o.id = n.id
    WHERE (n.canary_id, n.name, n.namespace, n.type, n.labels, n.agent_id, n.created_at, n.updated_at,
           n.icon, n.severity, n.description, n.endpoint, n.owner)
          IS DISTINCT FROM
          (o.canary_id, o.name, o.namespace, o.type, o.labels, o.agent_id, o.created_at, o.updated_at,
           o.icon, o.severity, o.description, o.endpoint, o.owner));
  IF cardinality(whole) > 0 THEN
    PERFORM check_summary_text_render(whole);
  END IF;
  UPDATE check_summary_text t
  SET run = check_run_json(n.status, n.last_runtime, n.next_runtime, n.last_transition_time), recent = n.recent_statuses::text
  FROM changed n
  WHERE t.check_id = n.id AND n.id <> ALL (whole);
  RETURN NULL;
END
$$;

DROP TRIGGER checks_summary_text_update ON checks;
CREATE TRIGGER checks_summary_text_update AFTER UPDATE ON checks REFERENCING OLD TABLE AS previous NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION check_summary_text_resync();

-- A canary's name and namespace are in its checks' heads.
CREATE OR REPLACE FUNCTION canaries_rerender_checks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM check_summary_text_render(array(SELECT id FROM checks WHERE canary_id = NEW.id));
  RETURN NULL;
END
$$;

-- Existing rows: split into the two parts once.
SELECT check_summary_text_render(array(SELECT id FROM checks));
