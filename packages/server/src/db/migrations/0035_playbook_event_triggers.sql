-- Event triggers of playbooks (`on.config`, `on.component`, `on.canary`): config items and components that are
-- created, changed, deleted or change health become event_queue rows (config.created, config.updated,
-- config.deleted, config.healthy|unhealthy|warning|unknown, component.healthy|unhealthy|warning|unknown), but
-- only the events some live playbook subscribes to. With no subscriber a scrape or a topology run pays one read
-- of a tiny table per statement. Check events (check.passed/failed) are queued by the health engine already; a
-- subscribed one is copied as trigger.check.passed/failed, so the playbooks' handler never takes the original
-- from whoever else consumes it (the event queue delivers each name to one handler).

-- The events live playbooks subscribe to ('check.failed' for `on.canary: [{event: failed}]`), rebuilt from the
-- playbooks whenever they change: there are few playbooks and writes to them are rare.
CREATE TABLE playbook_event_subscriptions (
  event text PRIMARY KEY
);

CREATE FUNCTION playbook_event_subscriptions_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Two transactions changing playbooks rebuild the set one after the other (readers are not blocked).
  LOCK TABLE playbook_event_subscriptions IN EXCLUSIVE MODE;
  DELETE FROM playbook_event_subscriptions;
  INSERT INTO playbook_event_subscriptions (event)
  SELECT DISTINCT t.class || '.' || (e ->> 'event')
  FROM playbooks p
  CROSS JOIN LATERAL (VALUES ('config', p.spec #> '{on,config}'), ('component', p.spec #> '{on,component}'),
                             ('check', p.spec #> '{on,canary}')) AS t(class, list)
  CROSS JOIN LATERAL jsonb_array_elements(CASE jsonb_typeof(t.list) WHEN 'array' THEN t.list ELSE '[]'::jsonb END) e
  WHERE p.deleted_at IS NULL AND jsonb_typeof(e -> 'event') = 'string'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER playbooks_event_subscriptions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON playbooks
  FOR EACH STATEMENT EXECUTE FUNCTION playbook_event_subscriptions_refresh();

-- Config items created, updated (their config), soft-deleted, or whose health changed (a new item counts as a
-- change from nothing), as the events subscribed to.
CREATE FUNCTION config_items_playbook_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  subscribed text[];
BEGIN
  SELECT array_agg(event) INTO subscribed FROM playbook_event_subscriptions WHERE starts_with(event, 'config.');
  IF subscribed IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO event_queue (name, properties)
    SELECT ev.name, jsonb_build_object('id', n.id, 'config_id', n.id, 'health', n.health, 'time', now())
    FROM changed n
    CROSS JOIN LATERAL (VALUES ('config.created'), ('config.' || n.health)) AS ev(name)
    WHERE n.deleted_at IS NULL AND ev.name = ANY (subscribed);
  ELSE
    INSERT INTO event_queue (name, properties)
    SELECT ev.name, jsonb_build_object('id', n.id, 'config_id', n.id, 'health', n.health,
                                       'previous_health', o.health, 'time', now())
    FROM changed n JOIN previous o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES
      ('config.deleted', o.deleted_at IS NULL AND n.deleted_at IS NOT NULL),
      ('config.updated', n.deleted_at IS NULL AND n.config IS DISTINCT FROM o.config),
      ('config.' || n.health, n.deleted_at IS NULL AND n.health IS DISTINCT FROM o.health)) AS ev(name, happened)
    WHERE ev.happened AND ev.name = ANY (subscribed);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER config_items_playbook_events_ins AFTER INSERT ON config_items REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION config_items_playbook_events();
CREATE TRIGGER config_items_playbook_events_upd AFTER UPDATE ON config_items REFERENCING OLD TABLE AS previous NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION config_items_playbook_events();

-- Components whose (rolled-up) health changed, or that were created with a known health.
CREATE FUNCTION components_playbook_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  subscribed text[];
BEGIN
  SELECT array_agg(event) INTO subscribed FROM playbook_event_subscriptions WHERE starts_with(event, 'component.');
  IF subscribed IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO event_queue (name, properties)
    SELECT 'component.' || n.health, jsonb_build_object('id', n.id, 'component_id', n.id, 'health', n.health, 'time', now())
    FROM changed n
    WHERE n.deleted_at IS NULL AND n.health <> 'unknown' AND 'component.' || n.health = ANY (subscribed);
  ELSE
    INSERT INTO event_queue (name, properties)
    SELECT 'component.' || n.health, jsonb_build_object('id', n.id, 'component_id', n.id, 'health', n.health,
                                                        'previous_health', o.health, 'time', now())
    FROM changed n JOIN previous o ON o.id = n.id
    WHERE n.deleted_at IS NULL AND n.health IS DISTINCT FROM o.health AND 'component.' || n.health = ANY (subscribed);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER components_playbook_events_ins AFTER INSERT ON components REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION components_playbook_events();
CREATE TRIGGER components_playbook_events_upd AFTER UPDATE ON components REFERENCING OLD TABLE AS previous NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION components_playbook_events();

-- A check event some playbook subscribes to, copied for the playbooks' handler (the original stays for others).
CREATE FUNCTION event_queue_playbook_check_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT FROM playbook_event_subscriptions WHERE event = NEW.name) THEN
    INSERT INTO event_queue (name, properties, priority) VALUES ('trigger.' || NEW.name, NEW.properties, NEW.priority);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER event_queue_playbook_check_events AFTER INSERT ON event_queue
  FOR EACH ROW WHEN (NEW.name IN ('check.passed', 'check.failed')) EXECUTE FUNCTION event_queue_playbook_check_events();
