-- Global search (GET /api/search, the Ctrl/Cmd-K palette) finds live config items by name or type as the
-- user types, and must stay fast on a catalogue of 100k items.
--
-- Names starting with the query: a btree on the lower-cased name in byte order ("C"), so `LIKE 'q%'` is a
-- range scan already in the order shown, whatever the database's collation.
CREATE INDEX config_items_name_prefix_idx ON config_items ((lower(name) COLLATE "C"), id) WHERE deleted_at IS NULL;

-- Names or types containing the query: pg_trgm lets `ILIKE '%q%'` use a GIN index. It ships with
-- PostgreSQL's contrib modules (the embedded server and the distributions' packages have it) and is a
-- trusted extension; where it cannot be installed the search still answers, reading the table instead.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): search reads config_items without trigram indexes', SQLERRM;
END $$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX config_items_name_trgm_idx ON config_items USING gin (name gin_trgm_ops) WHERE deleted_at IS NULL';
    EXECUTE 'CREATE INDEX config_items_type_trgm_idx ON config_items USING gin (type gin_trgm_ops) WHERE deleted_at IS NULL';
  END IF;
END $$;
