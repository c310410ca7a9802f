import path from 'node:path';
import type pg from 'pg';
import * as prettier from 'prettier';
import type { RelationPolicy, RpcPolicy } from '../rest/index.js';
import { loadFunctions } from '../rest/schema/functions.js';
import { VIEWS_SQL } from '../rest/schema/queries.js';
import { viewOrigins, type Origin } from '../rest/schema/view-origins.js';

// One path from a migrated database to the text of packages/shared/src/db/rows.generated.ts, shared by
// `npm run schema:types` (which writes it) and the integration test (which compares it), so the two cannot disagree.

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
export const ROWS_FILE = path.join(REPO_ROOT, 'packages/shared/src/db/rows.generated.ts');
export const ROWS_OUT_OF_DATE = 'packages/shared/src/db/rows.generated.ts is out of date: run npm run schema:types';

interface ColumnRow {
  oid: number;
  rel: string;
  kind: string;
  num: number;
  name: string;
  udt: string;
  elem: string | null;
  notnull: boolean;
}

interface Column {
  name: string;
  ts: string;
  nullable: boolean;
}

/** What the server registers for /api/db (modules/relations.ts); a parameter so a test can pass its own. */
export interface Registered {
  relations: readonly RelationPolicy[];
  functions: readonly RpcPolicy[];
}

interface Shape {
  name: string;
  kind: 'table' | 'view' | 'function';
  columns: Column[];
}

const COLUMNS_SQL = `
SELECT c.oid::int8 AS oid, c.relname AS rel, c.relkind AS kind, a.attnum AS num, a.attname AS name,
       COALESCE(bt.typname, t.typname) AS udt, et.typname AS elem, a.attnotnull AS notnull
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
JOIN pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_type bt ON t.typtype = 'd' AND bt.oid = t.typbasetype
LEFT JOIN pg_type et ON et.oid = COALESCE(bt.typelem, t.typelem) AND COALESCE(bt.typcategory, t.typcategory) = 'A'
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
ORDER BY c.oid, a.attnum`;

// The JSON the data API sends is built by PostgreSQL (json_agg/to_jsonb), not by node-postgres' type parsers,
// so each type maps to what PostgreSQL's JSON encoding makes of it: every number (int8 and numeric too) a
// JSON number, timestamps and dates ISO strings, json/jsonb whatever JSON was stored.
const SCALARS: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  oid: 'number',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  name: 'string',
  char: 'string',
  citext: 'string',
  uuid: 'string',
  inet: 'string',
  cidr: 'string',
  interval: 'string',
  bytea: 'string',
  tsvector: 'string',
  date: 'string',
  time: 'string',
  timetz: 'string',
  timestamp: 'string',
  timestamptz: 'string',
  json: 'unknown',
  jsonb: 'unknown',
};

/** The TypeScript type of a column as it arrives in JSON; unknown PostgreSQL types fail the generation. */
function tsType(where: string, udt: string, elem: string | null): string {
  const base = elem ? SCALARS[elem] : SCALARS[udt];
  if (!base) throw new Error(`db-row-types: no TypeScript type for PostgreSQL type ${elem ?? udt} (${where}); add it to SCALARS`);
  return elem ? `${base}[]` : base;
}

/**
 * Which view columns are provably never null: a plain reference (per the planner, see view-origins.ts) to a
 * NOT NULL column of a table that the view's definition names exactly once, before any LEFT JOIN, in a view
 * without CTEs, RIGHT/FULL joins, set operations or grouping sets. Everything else in a view is nullable.
 */
function provablyNotNull(def: string, origin: Origin | undefined, tables: Map<number, ColumnRow[]>): boolean {
  if (!origin) return false;
  const base = tables.get(origin.oid);
  const col = base?.find((c) => c.num === origin.num);
  if (!base || !col?.notnull || (base[0]?.kind !== 'r' && base[0]?.kind !== 'p')) return false;
  if (/^\s*WITH\b/.test(def)) return false; // a CTE's table may sit on the nullable side of the main query's join
  if (/\b(RIGHT|FULL)\s+JOIN\b|\b(UNION|INTERSECT|EXCEPT)\b|\b(GROUPING\s+SETS|ROLLUP|CUBE)\s*\(/i.test(def)) return false;
  const mentions = [...def.matchAll(new RegExp(`(?<![\\w."])(?:public\\.)?"?${base[0]?.rel}"?(?![\\w".])`, 'g'))];
  if (mentions.length !== 1) return false;
  const leftJoin = def.search(/\bLEFT\s+JOIN\b/i);
  return leftJoin < 0 || (mentions[0]?.index ?? Infinity) < leftJoin;
}

/** The registered relations and RPC functions with their columns, read from the database behind `client`. */
async function readShapes(client: pg.ClientBase, registry: Registered): Promise<{ relations: Shape[]; functions: Shape[] }> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const cols = (await client.query<ColumnRow>(COLUMNS_SQL)).rows;
    const views = (await client.query<{ oid: number; name: string; def: string | null }>(VIEWS_SQL, ['public'])).rows;
    const origins = await viewOrigins(client, 'public');
    const functions = await loadFunctions(client, 'public');
    await client.query('COMMIT');
    const byOid = new Map<number, ColumnRow[]>();
    for (const c of cols) byOid.set(Number(c.oid), [...(byOid.get(Number(c.oid)) ?? []), c]);
    const byName = new Map([...byOid.values()].map((list) => [list[0]!.rel, list] as const));
    const defs = new Map(views.map((v) => [Number(v.oid), v.def ?? ''] as const));
    const relations = [...registry.relations]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((policy): Shape => {
        const list = byName.get(policy.name);
        if (!list) throw new Error(`db-row-types: relation ${policy.name} is registered for /api/db but not in the database`);
        const oid = Number(list[0]!.oid);
        const isView = defs.has(oid);
        const hidden = new Set(policy.hidden ?? []);
        return {
          name: policy.name,
          kind: isView ? 'view' : 'table',
          columns: list
            .filter((c) => !hidden.has(c.name))
            .map((c) => ({
              name: c.name,
              ts: tsType(`${c.rel}.${c.name}`, c.udt, c.elem),
              nullable: isView ? !provablyNotNull(defs.get(oid)!, origins.get(oid)?.[c.num - 1], byOid) : !c.notnull,
            })),
        };
      });
    const rpc = [...registry.functions]
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((policy): Shape[] => {
        const def = functions.get(policy.name)?.find((f) => f.returnKind === 'composite');
        if (!def) return [];
        return [
          {
            name: policy.name,
            kind: 'function',
            columns: def.returnColumns.map((c) => ({
              name: c.name,
              ts: tsType(`${policy.name}().${c.name}`, c.udt.replace(/^_/, ''), c.udt.startsWith('_') ? c.udt.slice(1) : null),
              nullable: true,
            })),
          },
        ];
      });
    return { relations, functions: rpc };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

const key = (name: string) => (/^[a-z_][a-z0-9_]*$/i.test(name) ? name : JSON.stringify(name));

function renderShape(s: Shape): string {
  const label = s.kind === 'function' ? `Rows of \`/rpc/${s.name}\`.` : `A row of the ${s.kind} \`${s.name}\`.`;
  const fields = s.columns.map((c) => `    ${key(c.name)}: ${c.ts === 'unknown' || !c.nullable ? c.ts : `${c.ts} | null`};`);
  return `  /** ${label} */\n  ${key(s.name)}: {\n${fields.join('\n')}\n  };`;
}

const HEADER = `// GENERATED by \`npm run schema:types\` (scripts/db-row-types.mjs) from a freshly migrated database: do not edit.
// CI fails when this file differs from what the migrations produce (db-row-types.int.test.ts).
//
// One row type per relation registered for /api/db (modules/relations.ts), columns in table order, minus the
// policy's hidden columns. Types are what the JSON answer carries (PostgreSQL builds it): numbers (int8 and
// numeric included) → number, text/uuid/timestamps/dates/intervals → string, json/jsonb → unknown (narrow it
// where you read it), arrays → T[]. Nullability: a table column is nullable unless NOT NULL; a view column is
// nullable unless it is a plain reference to a NOT NULL table column that the view names once, outside the
// nullable side of a join, in a view without CTEs, RIGHT/FULL joins, set operations or grouping sets.
// Read a subset with Pick<DbRow<'x'>, ...>; narrow a column (a string-literal union, a JSON shape) by intersecting.
`;

/** The TypeScript source of packages/shared/src/db/rows.generated.ts for the database behind `db` and the server's registry. */
export async function renderDbRowTypes(db: pg.Pool, registry: Registered): Promise<string> {
  const client = await db.connect();
  let shapes: Awaited<ReturnType<typeof readShapes>>;
  try {
    shapes = await readShapes(client, registry);
  } finally {
    client.release();
  }
  const raw = `${HEADER}
/** Every relation readable through /api/db, by name. */
export interface DbRows {
${shapes.relations.map(renderShape).join('\n')}
}

/** The name of a relation readable through /api/db. */
export type DbRelation = keyof DbRows;

/** A row of relation \`R\` as /api/db answers it with \`select=*\`. */
export type DbRow<R extends DbRelation> = DbRows[R];

/** Every /api/db/rpc function that returns rows, by name. */
export interface DbRpcRows {
${shapes.functions.map(renderShape).join('\n')}
}

/** A row returned by /api/db/rpc/\`F\`. */
export type DbRpcRow<F extends keyof DbRpcRows> = DbRpcRows[F];
`;
  const options = (await prettier.resolveConfig(ROWS_FILE)) ?? {};
  return prettier.format(raw, { ...options, parser: 'typescript' });
}
