-- Topology read side (issue 15): links between components and catalogue items that a topology's `configs`
-- selectors made are the run's to remove; callers (the data API, SQL by hand) remove only the links they
-- made themselves (selector_id 'manual'). Cascades (an item or component deleted) and the run still may.
CREATE FUNCTION config_component_links_keep_selected() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Depth 1 is a DELETE aimed at this table; deeper ones come from ON DELETE CASCADE of an item or component.
  IF pg_trigger_depth() = 1 AND coalesce(current_setting('ops.topology_run', true), '') <> 'on' THEN
    RAISE EXCEPTION 'only manual links can be removed: the link of component % to config % comes from the topology selector %',
      OLD.component_id, OLD.config_id, OLD.selector_id
      USING ERRCODE = '42501', HINT = 'Filter the delete with selector_id=eq.manual';
  END IF;
  RETURN OLD;
END
$$;

CREATE TRIGGER config_component_links_keep_selected BEFORE DELETE ON config_component_relationships
  FOR EACH ROW WHEN (OLD.selector_id <> 'manual') EXECUTE FUNCTION config_component_links_keep_selected();
