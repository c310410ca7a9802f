-- Credentials in specs are masked for callers who cannot write the resource (DESIGN §7). The data API
-- builds its JSON in SQL, so the rules of @ops/shared's secret-mask.ts are repeated here; the test
-- secret-mask.int.test.ts runs both over the same cases. A PATCH that sends a mask back keeps the stored
-- secret (ops_restore_secrets). Deleting a scraper soft-deletes its live items, as config-db does.

-- Whether a key (or a header/env `name`) names a credential.
CREATE FUNCTION ops_secret_key(k text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT n ~ '^(pwd|pass|auth)$'
      OR (n ~ '(password|passwd|secret|token|apikey|privatekey|credential|authorization|cookie|bearer)'
          AND n !~ '(url|uri|ref|name|path|file|field|type)$')
  FROM (SELECT lower(regexp_replace(k, '[-_ ]', '', 'g')) AS n) x
$$;

-- A string with URL userinfo, password=… pairs and whole `Bearer …` values masked.
CREATE FUNCTION ops_mask_secrets(s text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
           regexp_replace(
             regexp_replace(
               regexp_replace(s, '([a-zA-Z][a-zA-Z0-9+.-]*://[^/?#@\s:]*):[^/?#@\s]+@', '\1:••••••@', 'g'),
               '([a-zA-Z][a-zA-Z0-9+.-]*://)[^/?#@\s:]+@', '\1••••••@', 'g'),
             '((?:^|[\s;?&])(?:password|pwd|passwd|pass|sslpassword|token|access_token|apikey|api_key|api-key|secret|client_secret)\s*=\s*)(''[^'']*''|"[^"]*"|[^\s;&''"]+)',
             '\1••••••', 'gi'),
           '^(\s*(?:bearer|basic|token)\s+)\S{8,}(\s*)$', '\1••••••\2', 'i')
$$;

-- A spec with its credentials masked (see maskSecrets in @ops/shared).
CREATE FUNCTION ops_mask_secrets(doc jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  k text;
  v jsonb;
  out jsonb := '{}';
  secret_value boolean;
BEGIN
  CASE jsonb_typeof(doc)
    WHEN 'string' THEN RETURN to_jsonb(ops_mask_secrets(doc #>> '{}'));
    WHEN 'array' THEN
      RETURN (SELECT coalesce(jsonb_agg(ops_mask_secrets(e) ORDER BY i), '[]') FROM jsonb_array_elements(doc) WITH ORDINALITY AS t(e, i));
    WHEN 'object' THEN
      secret_value := doc ? 'valueFrom' OR (jsonb_typeof(doc->'name') = 'string' AND ops_secret_key(doc->>'name'));
      FOR k, v IN SELECT * FROM jsonb_each(doc) LOOP
        IF k = 'valueFrom' THEN
          out := out || jsonb_build_object(k, v);
        ELSIF jsonb_typeof(v) = 'string' AND v <> '""' AND ((k = 'value' AND secret_value) OR ops_secret_key(k)) THEN
          out := out || jsonb_build_object(k, '••••••');
        ELSIF jsonb_typeof(v) = 'object' AND ops_secret_key(k) AND jsonb_typeof(v->'value') = 'string' AND v->'value' <> '""' THEN
          out := out || jsonb_build_object(k, ops_mask_secrets(v) || '{"value":"••••••"}');
        ELSE
          out := out || jsonb_build_object(k, ops_mask_secrets(v));
        END IF;
      END LOOP;
      RETURN out;
    ELSE RETURN doc;
  END CASE;
END $$;

-- An edited spec with each untouched mask replaced by the stored secret at the same path; a mask that
-- matches nothing stays (PATCH callers who can write see the values, so they rarely send one).
CREATE FUNCTION ops_restore_secrets(new jsonb, old jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF new IS NULL OR old IS NULL OR strpos(new::text, '••••••') = 0 THEN RETURN new; END IF;
  RETURN ops_restore_secrets_at(new, old, ops_mask_secrets(old));
END $$;

CREATE FUNCTION ops_restore_secrets_at(new jsonb, old jsonb, masked jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  CASE jsonb_typeof(new)
    WHEN 'string' THEN
      RETURN CASE WHEN jsonb_typeof(old) = 'string' AND masked = new THEN old ELSE new END;
    WHEN 'array' THEN
      RETURN (SELECT coalesce(jsonb_agg(ops_restore_secrets_at(e, old->(i::int - 1), masked->(i::int - 1)) ORDER BY i), '[]')
              FROM jsonb_array_elements(new) WITH ORDINALITY AS t(e, i));
    WHEN 'object' THEN
      RETURN (SELECT coalesce(jsonb_object_agg(k, ops_restore_secrets_at(v, old->k, masked->k)), '{}') FROM jsonb_each(new) AS t(k, v));
    ELSE RETURN new;
  END CASE;
END $$;

-- Deleting a scraper (data API, apply/delete, CLI) soft-deletes its live items in the same statement.
CREATE FUNCTION config_scrapers_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE config_items SET deleted_at = NEW.deleted_at, delete_reason = 'scraper deleted', updated_at = NEW.deleted_at
  WHERE scraper_id = NEW.id AND deleted_at IS NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER config_scrapers_after_delete AFTER UPDATE OF deleted_at ON config_scrapers
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL) EXECUTE FUNCTION config_scrapers_after_delete();
