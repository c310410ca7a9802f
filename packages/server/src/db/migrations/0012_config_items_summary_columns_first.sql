-- config_items rewritten with the columns the catalogue summary reads first (ADR 0008). A row is deformed
-- column by column up to the last one a statement needs; the summary needed the 43rd (the analysis counters
-- added last by migration 0008) and walked every text and jsonb column before it. At 120,000 items the walk
-- cost ~100 ms of a 140 ms serial scan, and the same scan with these columns first took ~30 ms less.
--
-- PostgreSQL cannot move a column, so the table is rebuilt: every view, index, constraint, trigger and foreign
-- key that belongs to or points at config_items is read from the catalog first, dropped with the old table
-- and created again from its own definition, so this file does not repeat them.

CREATE TEMP TABLE config_items_rebuild (step int, def text) ON COMMIT DROP;

DO $$
DECLARE
  lead text[] := ARRAY[
    -- fixed width, read by every summary
    'id', 'scraper_id', 'deleted_at', 'last_scraped_time', 'cost_per_minute', 'cost_total_30d', 'changes_count', 'changes_before',
    'analysis_window_cost', 'analysis_window_availability', 'analysis_window_performance', 'analysis_window_security',
    'analysis_window_integration', 'analysis_window_compliance', 'analysis_window_technical_debt', 'analysis_window_reliability',
    'analysis_window_recommendation', 'analysis_window_other',
    -- variable width: the summary's groups and filters
    'type', 'config_class', 'status', 'health', 'tags', 'labels'];
  cols text;
  copied text;
  todo record;
BEGIN
  -- The new table, its columns described as the catalog has them (type, NOT NULL, default or generation).
  SELECT string_agg(format('%I %s%s%s', a.attname, format_type(a.atttypid, a.atttypmod),
           CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END,
           CASE WHEN a.attgenerated = 's' THEN format(' GENERATED ALWAYS AS (%s) STORED', pg_get_expr(d.adbin, d.adrelid))
                WHEN d.adbin IS NOT NULL THEN ' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid) ELSE '' END),
           ', ' ORDER BY coalesce(array_position(lead, a.attname::text), 1000 + a.attnum)),
         string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '')
    INTO cols, copied
  FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
  WHERE a.attrelid = 'config_items'::regclass AND a.attnum > 0 AND NOT a.attisdropped;
  EXECUTE format('CREATE TABLE config_items_reordered (%s) WITH (%s)', cols,
    (SELECT array_to_string(reloptions, ', ') FROM pg_class WHERE oid = 'config_items'::regclass));
  EXECUTE format('INSERT INTO config_items_reordered (%s) SELECT %s FROM config_items', copied, copied);

  -- What to create again, in order: the table's own constraints (primary key first, foreign keys last),
  -- its other indexes and triggers, the foreign keys of other tables, then the views, each after those it reads.
  INSERT INTO config_items_rebuild
  SELECT CASE contype WHEN 'p' THEN 1 WHEN 'u' THEN 2 WHEN 'c' THEN 3 ELSE 4 END,
         format('ALTER TABLE config_items ADD CONSTRAINT %I %s', conname, pg_get_constraintdef(oid))
  FROM pg_constraint WHERE conrelid = 'config_items'::regclass AND contype IN ('p', 'u', 'c', 'f');
  INSERT INTO config_items_rebuild
  SELECT 5, pg_get_indexdef(indexrelid) FROM pg_index i
  WHERE indrelid = 'config_items'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid);
  INSERT INTO config_items_rebuild
  SELECT 6, pg_get_triggerdef(oid) FROM pg_trigger WHERE tgrelid = 'config_items'::regclass AND NOT tgisinternal;
  INSERT INTO config_items_rebuild
  SELECT 7, format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
  FROM pg_constraint WHERE confrelid = 'config_items'::regclass AND conrelid <> 'config_items'::regclass;
  INSERT INTO config_items_rebuild
  WITH RECURSIVE views(oid, depth) AS (
    SELECT rw.ev_class, 1 FROM pg_depend d JOIN pg_rewrite rw ON rw.oid = d.objid
    WHERE d.refobjid = 'config_items'::regclass AND rw.ev_class <> 'config_items'::regclass
    UNION
    SELECT rw.ev_class, v.depth + 1 FROM views v JOIN pg_depend d ON d.refobjid = v.oid JOIN pg_rewrite rw ON rw.oid = d.objid
    WHERE rw.ev_class <> v.oid
  )
  SELECT 10 + max(depth), format('CREATE VIEW %s AS %s', oid::regclass, pg_get_viewdef(oid)) FROM views GROUP BY oid;

  DROP TABLE config_items CASCADE;
  ALTER TABLE config_items_reordered RENAME TO config_items;
  FOR todo IN SELECT def FROM config_items_rebuild ORDER BY step LOOP
    EXECUTE todo.def;
  END LOOP;
END
$$;

ANALYZE config_items;
