-- Topology roll-up: each component's summary, status and health follow its inputs (its own status from
-- the spec, the checks and configs linked to it, the config analyses of those configs, its children)
-- without a topology run. Triggers name the components whose inputs changed; those and their ancestors
-- are recomputed bottom-up by depth (a topology run recomputes all its components once, at its end).
--
-- Worst wins, in this order: unhealthy > warning > healthy > unknown. 'unknown' ranks lowest because it
-- means "nothing said": a component with one healthy check and a child nobody reports on is healthy, as
-- canary-checker's summary status does. A component with no input at all stays 'unknown'.

CREATE FUNCTION component_health_rank(h text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE lower(h) WHEN 'unhealthy' THEN 3 WHEN 'error' THEN 3 WHEN 'warning' THEN 2
                       WHEN 'healthy' THEN 1 WHEN 'info' THEN 1 ELSE 0 END
$$;

CREATE FUNCTION component_health_of_rank(r integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE r WHEN 3 THEN 'unhealthy' WHEN 2 THEN 'warning' WHEN 1 THEN 'healthy' ELSE 'unknown' END
$$;

-- Adds the counts of two {key: {key: n}} objects (insights by type and severity).
CREATE FUNCTION component_nested_counts_add(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(t, s), '{}'::jsonb) FROM (
    SELECT t, jsonb_object_agg(sev, n) AS s FROM (
      SELECT t, sev, sum(n)::integer AS n FROM (
        SELECT o.key AS t, i.key AS sev, i.value::integer AS n FROM jsonb_each(coalesce(a, '{}')) o, jsonb_each_text(o.value) i
        UNION ALL
        SELECT o.key, i.key, i.value::integer FROM jsonb_each(coalesce(b, '{}')) o, jsonb_each_text(o.value) i
      ) x GROUP BY t, sev
    ) y GROUP BY t
  ) z
$$;

-- Recomputes summary, status and health of the live components `ids`, deepest first so a parent reads
-- its children's fresh values (children outside `ids` are read as stored). summary = {checks: {healthy, unhealthy, warning} of the
-- subtree's linked checks, insights: {type: {severity: n}} of open analyses of the subtree's linked
-- configs, incidents: {}, healthy/unhealthy/warning/unknown: direct children by health}.
CREATE FUNCTION components_rollup_rows(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d integer;
  max_depth integer;
BEGIN
  -- One roll-up of a topology at a time (result batches and runs of the same topology would otherwise
  -- update its rows in different orders and deadlock); taken in id order, as a topology run takes it.
  PERFORM pg_advisory_xact_lock(hashtextextended('components_rollup:' || t::text, 0))
  FROM (SELECT DISTINCT topology_id AS t FROM components WHERE id = ANY(ids) AND topology_id IS NOT NULL ORDER BY 1) tids;
  SELECT max(depth) INTO max_depth FROM components WHERE id = ANY(ids) AND deleted_at IS NULL;
  IF max_depth IS NULL THEN RETURN; END IF;
  FOR d IN REVERSE max_depth..0 LOOP
    -- Every part is materialized once and hash-joined: inlined, the planner re-ran them per target row.
    WITH targets AS MATERIALIZED (
      SELECT c.id, c.own_status, c.own_health FROM components c
      WHERE c.id = ANY(ids) AND c.deleted_at IS NULL AND c.depth = d
    ),
    -- Links first, then each linked row by its primary key alone (scalar subqueries, liveness tested
    -- after): with stale statistics the planner otherwise scans a partial `deleted_at IS NULL` index of
    -- every check or item once per component.
    check_links AS MATERIALIZED (
      SELECT r.component_id,
             (SELECT CASE WHEN k.deleted_at IS NULL THEN k.status END FROM checks k WHERE k.id = r.check_id) AS status
      FROM targets t JOIN check_component_relationships r ON r.component_id = t.id AND r.deleted_at IS NULL
    ),
    own_checks AS MATERIALIZED (
      SELECT component_id,
             count(*) FILTER (WHERE status = 'healthy')::integer AS healthy,
             count(*) FILTER (WHERE status = 'unhealthy')::integer AS unhealthy,
             max(component_health_rank(status)) AS worst
      FROM check_links WHERE status IS NOT NULL
      GROUP BY component_id
    ),
    config_links AS MATERIALIZED (
      SELECT r.component_id, r.config_id,
             (SELECT CASE WHEN ci.deleted_at IS NULL THEN ci.health END FROM config_items ci WHERE ci.id = r.config_id) AS health
      FROM targets t JOIN config_component_relationships r ON r.component_id = t.id AND r.deleted_at IS NULL
    ),
    own_configs AS MATERIALIZED (
      SELECT component_id, max(component_health_rank(health)) AS worst
      FROM config_links WHERE health IS NOT NULL
      GROUP BY component_id
    ),
    own_insights AS MATERIALIZED (
      SELECT component_id, jsonb_object_agg(analysis_type, sev) AS insights FROM (
        SELECT component_id, analysis_type, jsonb_object_agg(severity, n) AS sev FROM (
          SELECT r.component_id, a.analysis_type, a.severity, count(*)::integer AS n
          FROM config_links r
          JOIN config_analysis a ON a.config_id = r.config_id AND a.status = 'open'
          WHERE r.health IS NOT NULL
          GROUP BY r.component_id, a.analysis_type, a.severity
        ) x GROUP BY component_id, analysis_type
      ) y GROUP BY component_id
    ),
    kids AS MATERIALIZED (
      SELECT ch.parent_id AS component_id,
             max(component_health_rank(ch.health)) AS worst,
             count(*) FILTER (WHERE ch.health = 'healthy')::integer AS healthy,
             count(*) FILTER (WHERE ch.health = 'unhealthy')::integer AS unhealthy,
             count(*) FILTER (WHERE ch.health = 'warning')::integer AS warning,
             count(*) FILTER (WHERE ch.health NOT IN ('healthy', 'unhealthy', 'warning'))::integer AS unknown,
             sum(coalesce((ch.summary #>> '{checks,healthy}')::integer, 0))::integer AS checks_healthy,
             sum(coalesce((ch.summary #>> '{checks,unhealthy}')::integer, 0))::integer AS checks_unhealthy,
             sum(coalesce((ch.summary #>> '{checks,warning}')::integer, 0))::integer AS checks_warning
      FROM targets t JOIN components ch ON ch.parent_id = t.id AND ch.deleted_at IS NULL
      GROUP BY ch.parent_id
    ),
    kid_insights_sum AS MATERIALIZED (
      SELECT component_id, jsonb_object_agg(t, s) AS insights FROM (
        SELECT component_id, t, jsonb_object_agg(sev, n) AS s FROM (
          SELECT ch.parent_id AS component_id, o.key AS t, i.key AS sev, sum(i.value::integer)::integer AS n
          FROM targets tg
          JOIN components ch ON ch.parent_id = tg.id AND ch.deleted_at IS NULL,
          jsonb_each(coalesce(ch.summary -> 'insights', '{}')) o, jsonb_each_text(o.value) i
          GROUP BY ch.parent_id, o.key, i.key
        ) a GROUP BY component_id, t
      ) b GROUP BY component_id
    ),
    computed AS (
      SELECT t.id,
             greatest(component_health_rank(t.own_status), component_health_rank(t.own_health),
                      coalesce(oc.worst, 0), coalesce(cf.worst, 0), coalesce(k.worst, 0)) AS rank,
             jsonb_build_object(
               'checks', jsonb_build_object(
                 'healthy', coalesce(oc.healthy, 0) + coalesce(k.checks_healthy, 0),
                 'unhealthy', coalesce(oc.unhealthy, 0) + coalesce(k.checks_unhealthy, 0),
                 'warning', coalesce(k.checks_warning, 0)),
               'insights', component_nested_counts_add(oi.insights, ks.insights),
               'incidents', '{}'::jsonb,
               'healthy', coalesce(k.healthy, 0), 'unhealthy', coalesce(k.unhealthy, 0),
               'warning', coalesce(k.warning, 0), 'unknown', coalesce(k.unknown, 0)) AS summary,
             k.component_id IS NULL AS is_leaf
      FROM targets t
      LEFT JOIN own_checks oc ON oc.component_id = t.id
      LEFT JOIN own_configs cf ON cf.component_id = t.id
      LEFT JOIN own_insights oi ON oi.component_id = t.id
      LEFT JOIN kids k ON k.component_id = t.id
      LEFT JOIN kid_insights_sum ks ON ks.component_id = t.id
    )
    UPDATE components c
    SET summary = x.summary,
        health = component_health_of_rank(x.rank),
        status = component_health_of_rank(x.rank),
        is_leaf = x.is_leaf
    FROM computed x
    WHERE c.id = x.id
      AND (c.summary IS DISTINCT FROM x.summary OR c.health IS DISTINCT FROM component_health_of_rank(x.rank)
           OR c.status IS DISTINCT FROM component_health_of_rank(x.rank) OR c.is_leaf IS DISTINCT FROM x.is_leaf);
  END LOOP;
END
$$;

-- Every live component of `topology_ids` (the end of a topology run).
CREATE FUNCTION components_rollup(topology_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM components_rollup_rows(array(
    SELECT id FROM components WHERE topology_id = ANY(topology_ids) AND deleted_at IS NULL));
END
$$;

-- The components in `component_ids` and their ancestors (the ids in their paths), rolled up: a check's
-- change costs the depth of its components, not the size of their topologies. A topology run sets
-- ops.topology_run for its transaction and rolls up once at its end, so its own link writes skip this.
CREATE FUNCTION components_rollup_for(component_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('ops.topology_run', true), '') = 'on' OR cardinality(component_ids) = 0 THEN RETURN; END IF;
  PERFORM components_rollup_rows(array(
    SELECT c.id FROM components c WHERE c.id = ANY(component_ids) AND c.topology_id IS NOT NULL AND c.deleted_at IS NULL
    UNION
    SELECT a::uuid FROM components c, unnest(string_to_array(nullif(c.path, ''), '.')) a
    WHERE c.id = ANY(component_ids) AND c.topology_id IS NOT NULL AND c.deleted_at IS NULL));
END
$$;

-- A check's status (or liveness) changed: the components it is linked to.
CREATE FUNCTION checks_component_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM components_rollup_for(array(
    SELECT DISTINCT r.component_id FROM changed n JOIN previous o ON o.id = n.id
    JOIN check_component_relationships r ON r.check_id = n.id
    WHERE (n.status IS DISTINCT FROM o.status OR n.deleted_at IS DISTINCT FROM o.deleted_at)));
  RETURN NULL;
END
$$;
CREATE TRIGGER checks_component_rollup AFTER UPDATE ON checks REFERENCING OLD TABLE AS previous NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION checks_component_rollup();

-- Check links made, changed or removed.
CREATE FUNCTION check_component_links_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM components_rollup_for(array(SELECT DISTINCT component_id FROM previous));
  ELSE
    PERFORM components_rollup_for(array(SELECT DISTINCT component_id FROM changed));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER check_component_links_rollup_ins AFTER INSERT ON check_component_relationships REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION check_component_links_rollup();
CREATE TRIGGER check_component_links_rollup_upd AFTER UPDATE ON check_component_relationships REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION check_component_links_rollup();
CREATE TRIGGER check_component_links_rollup_del AFTER DELETE ON check_component_relationships REFERENCING OLD TABLE AS previous
  FOR EACH STATEMENT EXECUTE FUNCTION check_component_links_rollup();

-- Config links made, changed or removed (by a run's selectors, or by hand).
CREATE TRIGGER config_component_links_rollup_ins AFTER INSERT ON config_component_relationships REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION check_component_links_rollup();
CREATE TRIGGER config_component_links_rollup_upd AFTER UPDATE ON config_component_relationships REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION check_component_links_rollup();
CREATE TRIGGER config_component_links_rollup_del AFTER DELETE ON config_component_relationships REFERENCING OLD TABLE AS previous
  FOR EACH STATEMENT EXECUTE FUNCTION check_component_links_rollup();

-- A linked config's health (or liveness) changed.
CREATE FUNCTION config_items_component_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM components_rollup_for(array(
    SELECT DISTINCT r.component_id FROM changed n JOIN previous o ON o.id = n.id
    JOIN config_component_relationships r ON r.config_id = n.id
    WHERE (n.health IS DISTINCT FROM o.health OR n.deleted_at IS DISTINCT FROM o.deleted_at)));
  RETURN NULL;
END
$$;
CREATE TRIGGER config_items_component_rollup AFTER UPDATE ON config_items REFERENCING OLD TABLE AS previous NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION config_items_component_rollup();

-- An analysis of a linked config appeared, changed status or went away: insights counts.
CREATE FUNCTION config_analysis_component_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM components_rollup_for(array(
      SELECT DISTINCT r.component_id FROM previous a JOIN config_component_relationships r ON r.config_id = a.config_id));
  ELSE
    PERFORM components_rollup_for(array(
      SELECT DISTINCT r.component_id FROM changed a JOIN config_component_relationships r ON r.config_id = a.config_id));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER config_analysis_component_rollup_ins AFTER INSERT ON config_analysis REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_component_rollup();
CREATE TRIGGER config_analysis_component_rollup_upd AFTER UPDATE ON config_analysis REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_component_rollup();
CREATE TRIGGER config_analysis_component_rollup_del AFTER DELETE ON config_analysis REFERENCING OLD TABLE AS previous
  FOR EACH STATEMENT EXECUTE FUNCTION config_analysis_component_rollup();
