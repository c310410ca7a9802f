import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

// What the migrations leave in the `public` schema, read back from pg_catalog, so docs/schema.md shows the
// database as it is after the last migration rather than as the sum of seventeen files. Partitions (named by
// date) and extension-owned objects are left out so the answer depends only on the migrations.

export interface ColumnInfo {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
  generated: string | null;
}

export interface TableInfo {
  name: string;
  partitionKey: string | null;
  columns: ColumnInfo[];
  primaryKey: string | null;
  foreignKeys: { name: string; def: string }[];
  otherConstraints: { name: string; def: string }[];
  indexes: { name: string; def: string }[];
  migrations: string[];
}

export interface ViewInfo {
  name: string;
  materialized: boolean;
  reads: string[];
  columns: { name: string; type: string }[];
  migrations: string[];
}

export interface TriggerInfo {
  name: string;
  table: string;
  timing: string;
  events: string;
  level: 'ROW' | 'STATEMENT';
  transitions: string | null;
  when: string | null;
  function: string;
  migrations: string[];
}

export interface FunctionInfo {
  /** `name(identity arguments)`: the key of its note in docs/schema-notes.json. */
  key: string;
  name: string;
  arguments: string;
  returns: string;
  language: string;
  volatility: 'immutable' | 'stable' | 'volatile';
  parallelSafe: boolean;
  migrations: string[];
}

export interface SchemaInventory {
  lastMigration: string | null;
  extensions: string[];
  types: { name: string; kind: string; def: string }[];
  tables: TableInfo[];
  views: ViewInfo[];
  triggers: TriggerInfo[];
  functions: FunctionInfo[];
}

const byName = <T extends { name: string }>(a: T, b: T): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const PUBLIC = `n.nspname = 'public'`;
const NOT_EXTENSION = (cls: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend e WHERE e.classid = '${cls}'::regclass AND e.objid = ${oid} AND e.deptype = 'e')`;

/** The migration files (by number) whose text creates, replaces or alters each named object: where its definition changed. */
function migrationIndex(dir: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  const pattern =
    /(?:CREATE\s+(?:OR\s+REPLACE\s+)?|ALTER\s+)(FUNCTION|TRIGGER|TABLE|VIEW|MATERIALIZED\s+VIEW)\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?(?:ONLY\s+)?(?:public\.)?"?(\w+)"?/gi;
  for (const file of files) {
    const sql = readFileSync(path.join(dir, file), 'utf8').replace(/--[^\n]*/g, '');
    for (const m of sql.matchAll(pattern)) {
      const kind = m[1]!.toUpperCase().includes('VIEW') ? 'VIEW' : m[1]!.toUpperCase();
      const key = `${kind} ${m[2]!.toLowerCase()}`;
      const list = found.get(key) ?? [];
      const num = file.slice(0, 4);
      if (!list.includes(num)) list.push(num);
      found.set(key, list);
    }
  }
  return found;
}

/** Read the inventory of the database behind `pool`; `migrationsDir` supplies the "created in" column. */
export async function readSchemaInventory(pool: pg.Pool | pg.Client, migrationsDir: string): Promise<SchemaInventory> {
  const made = migrationIndex(migrationsDir);
  const where = (kind: string, name: string) => made.get(`${kind} ${name}`) ?? [];

  const last = await pool.query<{ name: string | null }>(`SELECT max(name) AS name FROM schema_migrations`);
  const extensions = (await pool.query<{ extname: string }>(`SELECT extname FROM pg_extension WHERE extname <> 'plpgsql'`)).rows
    .map((r) => r.extname)
    .sort();

  const rels = (
    await pool.query<{ oid: number; name: string; relkind: string; partkey: string | null }>(
      `SELECT c.oid, c.relname AS name, c.relkind, CASE WHEN c.relkind = 'p' THEN pg_get_partkeydef(c.oid) END AS partkey
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE ${PUBLIC} AND c.relkind IN ('r', 'p', 'v', 'm') AND NOT c.relispartition AND ${NOT_EXTENSION('pg_class', 'c.oid')}`,
    )
  ).rows.sort(byName);
  const oids = rels.map((r) => r.oid);

  const columns = (
    await pool.query<{ rel: number; name: string; type: string; notnull: boolean; def: string | null; generated: string }>(
      `SELECT a.attrelid AS rel, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull,
              pg_get_expr(d.adbin, d.adrelid) AS def, a.attgenerated AS generated
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE a.attrelid = ANY($1) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attrelid, a.attnum`,
      [oids],
    )
  ).rows;
  const constraints = (
    await pool.query<{ rel: number; name: string; type: string; def: string }>(
      `SELECT conrelid AS rel, conname AS name, contype AS type, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE conrelid = ANY($1) AND contype IN ('p', 'f', 'u', 'c', 'x') AND conparentid = 0`,
      [oids],
    )
  ).rows.sort(byName);
  const indexes = (
    await pool.query<{ rel: number; name: string; def: string }>(
      `SELECT i.indrelid AS rel, c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = ANY($1)`,
      [oids],
    )
  ).rows.sort(byName);
  const reads = (
    await pool.query<{ rel: number; name: string }>(
      `SELECT DISTINCT r.ev_class AS rel, t.relname AS name
       FROM pg_rewrite r JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid AND d.refclassid = 'pg_class'::regclass
       JOIN pg_class t ON t.oid = d.refobjid
       WHERE r.ev_class = ANY($1) AND d.refobjid <> r.ev_class`,
      [oids],
    )
  ).rows;

  const tables: TableInfo[] = [];
  const views: ViewInfo[] = [];
  for (const rel of rels) {
    const cols = columns.filter((c) => c.rel === rel.oid);
    const cons = constraints.filter((c) => c.rel === rel.oid);
    if (rel.relkind === 'v' || rel.relkind === 'm') {
      views.push({
        name: rel.name,
        materialized: rel.relkind === 'm',
        reads: [...new Set(reads.filter((r) => r.rel === rel.oid).map((r) => r.name))].sort(),
        columns: cols.map((c) => ({ name: c.name, type: c.type })),
        migrations: where('VIEW', rel.name),
      });
      continue;
    }
    tables.push({
      name: rel.name,
      partitionKey: rel.partkey,
      columns: cols.map((c) => ({
        name: c.name,
        type: c.type,
        notNull: c.notnull,
        default: c.generated ? null : c.def,
        generated: c.generated ? c.def : null,
      })),
      primaryKey: cons.find((c) => c.type === 'p')?.def ?? null,
      foreignKeys: cons.filter((c) => c.type === 'f').map(({ name, def }) => ({ name, def })),
      otherConstraints: cons.filter((c) => c.type !== 'p' && c.type !== 'f').map(({ name, def }) => ({ name, def })),
      indexes: indexes.filter((i) => i.rel === rel.oid).map(({ name, def }) => ({ name, def: shortIndexDef(def) })),
      migrations: where('TABLE', rel.name),
    });
  }

  const types = (
    await pool.query<{ name: string; kind: string; def: string }>(
      `SELECT t.typname AS name,
              CASE t.typtype WHEN 'e' THEN 'enum' WHEN 'd' THEN 'domain' ELSE 'composite' END AS kind,
              CASE t.typtype
                WHEN 'e' THEN (SELECT string_agg(quote_literal(enumlabel), ', ' ORDER BY enumsortorder) FROM pg_enum WHERE enumtypid = t.oid)
                WHEN 'd' THEN format_type(t.typbasetype, t.typtypmod)
                ELSE (SELECT string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' ORDER BY a.attnum)
                      FROM pg_attribute a WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped)
              END AS def
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
       WHERE ${PUBLIC} AND ${NOT_EXTENSION('pg_type', 't.oid')}
         AND (t.typtype IN ('e', 'd') OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))`,
    )
  ).rows.sort(byName);

  const triggers = (
    await pool.query<{ name: string; table: string; fn: string; def: string }>(
      `SELECT t.tgname AS name, c.relname AS table, p.proname AS fn, pg_get_triggerdef(t.oid) AS def
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_proc p ON p.oid = t.tgfoid
       WHERE ${PUBLIC} AND NOT t.tgisinternal AND NOT c.relispartition`,
    )
  ).rows
    .map((t) => ({ ...parseTriggerDef(t.def), name: t.name, table: t.table, function: t.fn, migrations: where('TRIGGER', t.name) }))
    .sort((a, b) => byName({ name: `${a.table} ${a.name}` }, { name: `${b.table} ${b.name}` }));

  const functions = (
    await pool.query<{
      name: string;
      identity: string;
      args: string;
      returns: string;
      language: string;
      volatile: string;
      parallel: string;
    }>(
      `SELECT p.proname AS name, pg_get_function_identity_arguments(p.oid) AS identity, pg_get_function_arguments(p.oid) AS args,
              pg_get_function_result(p.oid) AS returns, l.lanname AS language, p.provolatile AS volatile, p.proparallel AS parallel
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
       WHERE ${PUBLIC} AND ${NOT_EXTENSION('pg_proc', 'p.oid')}`,
    )
  ).rows
    .map((f) => ({
      key: `${f.name}(${f.identity})`,
      name: f.name,
      arguments: f.args,
      returns: f.returns,
      language: f.language,
      volatility: (f.volatile === 'i' ? 'immutable' : f.volatile === 's' ? 'stable' : 'volatile') as FunctionInfo['volatility'],
      parallelSafe: f.parallel === 's',
      migrations: where('FUNCTION', f.name),
    }))
    .sort((a, b) => byName({ name: a.key }, { name: b.key }));

  return { lastMigration: last.rows[0]?.name ?? null, extensions, types, tables, views, triggers, functions };
}

/** `CREATE UNIQUE INDEX x ON public.t USING btree (a) WHERE …` → `UNIQUE btree (a) WHERE …`. */
function shortIndexDef(def: string): string {
  const m = /^CREATE (UNIQUE )?INDEX \S+ ON (?:ONLY )?\S+ USING (.*)$/.exec(def);
  return m ? `${m[1] ?? ''}${m[2]}` : def;
}

/** Timing, events, level, transition tables and WHEN clause out of pg_get_triggerdef's one line. */
function parseTriggerDef(def: string): Pick<TriggerInfo, 'timing' | 'events' | 'level' | 'transitions' | 'when'> {
  const m =
    /^CREATE (?:CONSTRAINT )?TRIGGER \S+ (BEFORE|AFTER|INSTEAD OF) (.+?) ON \S+(?: FROM \S+)?(?: (?:NOT )?DEFERRABLE)?(?: INITIALLY \w+)?(?: REFERENCING (.+?))? FOR EACH (ROW|STATEMENT)(?: WHEN \((.*)\))? EXECUTE (?:FUNCTION|PROCEDURE) /.exec(
      def,
    );
  if (!m) throw new Error(`unexpected trigger definition: ${def}`);
  return { timing: m[1]!, events: m[2]!, transitions: m[3] ?? null, level: m[4] as TriggerInfo['level'], when: m[5] ?? null };
}
