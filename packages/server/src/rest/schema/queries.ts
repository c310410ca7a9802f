/** Catalog queries of the introspection; each takes the schema name as $1. */

export const COLUMNS_SQL = `
SELECT c.oid::int8 AS oid, c.relname AS rel, c.relkind AS kind, a.attnum AS num, a.attname AS name,
       format_type(a.atttypid, a.atttypmod) AS type,
       COALESCE(bt.typname, t.typname) AS udt,
       NOT a.attnotnull AS nullable,
       pg_get_expr(d.adbin, d.adrelid) AS default_expr,
       a.attgenerated <> '' AS generated
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
JOIN pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_type bt ON t.typtype = 'd' AND bt.oid = t.typbasetype
LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
ORDER BY c.oid, a.attnum`;

export const CONSTRAINTS_SQL = `
SELECT con.conname AS name, con.contype AS type, con.conrelid::int8 AS rel, con.confrelid::int8 AS frel,
  ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, i)
        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.i) AS cols,
  ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, i)
        JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.i) AS fcols
FROM pg_constraint con
JOIN pg_namespace n ON n.oid = con.connamespace
WHERE n.nspname = $1 AND con.contype IN ('p', 'u', 'f')
ORDER BY con.conname`;

export const UNIQUE_INDEXES_SQL = `
SELECT i.indrelid::int8 AS rel,
  ARRAY(SELECT a.attname::text FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(n, o)
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.n ORDER BY k.o) AS cols
FROM pg_index i
JOIN pg_class c ON c.oid = i.indrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL`;

export const FUNCTIONS_SQL = `
SELECT p.proname AS name, p.provolatile AS volatility, p.proretset AS retset,
       rt.typname AS ret_udt, rt.typtype AS ret_typtype, rt.typrelid::int8 AS ret_relid,
       format_type(p.prorettype, NULL) AS ret_type, p.pronargs AS nargs, p.pronargdefaults AS ndefaults,
       COALESCE(p.proargnames, '{}')::text[] AS arg_names,
       COALESCE(p.proargmodes::text[], '{}') AS arg_modes,
       ARRAY(SELECT format_type(u.t, NULL) FROM unnest(COALESCE(p.proallargtypes, p.proargtypes::oid[])) WITH ORDINALITY u(t, i) ORDER BY u.i) AS arg_types,
       ARRAY(SELECT COALESCE(bt.typname, tt.typname)::text FROM unnest(COALESCE(p.proallargtypes, p.proargtypes::oid[])) WITH ORDINALITY u(t, i)
             JOIN pg_type tt ON tt.oid = u.t LEFT JOIN pg_type bt ON tt.typtype = 'd' AND bt.oid = tt.typbasetype ORDER BY u.i) AS arg_udts
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
JOIN pg_type rt ON rt.oid = p.prorettype
WHERE n.nspname = $1 AND p.prokind = 'f'`;

/** Columns of composite types that functions return (by type relation oid). */
export const COMPOSITE_COLUMNS_SQL = `
SELECT a.attrelid::int8 AS rel, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
       COALESCE(bt.typname, t.typname) AS udt
FROM pg_attribute a
JOIN pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_type bt ON t.typtype = 'd' AND bt.oid = t.typbasetype
WHERE a.attrelid = ANY($1::oid[]) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attrelid, a.attnum`;

export const TYPES_SQL = `
SELECT t.typname AS name, n.nspname AS schema
FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
WHERE n.nspname IN ('pg_catalog', $1) AND t.typtype IN ('b', 'e', 'd', 'r', 'm') AND t.typisdefined
  AND t.typname !~ '^_' AND t.typname NOT LIKE 'pg\\_%'`;

export const VIEWS_SQL = `
SELECT c.oid::int8 AS oid, c.relname AS name, pg_get_viewdef(c.oid) AS def
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND c.relkind IN ('v', 'm')`;
