import type pg from 'pg';
import type { Column, Exposed, Relation, SchemaCache } from './model.js';
import { COLUMNS_SQL, CONSTRAINTS_SQL, TYPES_SQL, UNIQUE_INDEXES_SQL } from './queries.js';
import { buildRelationships, type ForeignKey } from './relationships.js';
import { loadFunctions } from './functions.js';
import { castTypes } from './types.js';
import { viewOrigins, type Origin } from './view-origins.js';

interface ColumnRow {
  oid: number;
  rel: string;
  kind: string;
  num: number;
  name: string;
  type: string;
  udt: string;
  nullable: boolean;
  default_expr: string | null;
  generated: boolean;
}

interface ConstraintRow {
  name: string;
  type: 'p' | 'u' | 'f';
  rel: number;
  frel: number;
  cols: string[];
  fcols: string[];
}

/** Introspect one schema into a SchemaCache, inside one read-only transaction so the picture is consistent. */
export async function loadSchemaCache(pool: pg.Pool, schema: string): Promise<SchemaCache> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const cols = (await client.query<ColumnRow>(COLUMNS_SQL, [schema])).rows;
    const cons = (await client.query<ConstraintRow>(CONSTRAINTS_SQL, [schema])).rows;
    const idx = (await client.query<{ rel: number; cols: string[] }>(UNIQUE_INDEXES_SQL, [schema])).rows;
    const typeRows = (await client.query<{ name: string; schema: string }>(TYPES_SQL, [schema])).rows;
    const origins = await viewOrigins(client, schema);
    const functions = await loadFunctions(client, schema);
    await client.query('COMMIT');
    const { relations, byOid, names } = buildRelations(cols);
    addKeys(byOid, cons, idx);
    const fks: ForeignKey[] = cons
      .filter((c) => c.type === 'f' && byOid.has(Number(c.frel)))
      .map((c) => ({ name: c.name, rel: Number(c.rel), cols: c.cols, frel: Number(c.frel), fcols: c.fcols }));
    const exposed = exposedColumns(byOid, names, origins);
    inferViewKeys(byOid, exposed);
    return {
      schema,
      relations,
      relationships: buildRelationships(byOid, fks, exposed),
      functions,
      types: castTypes(typeRows, schema),
      loadedAt: Date.now(),
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

function buildRelations(rows: ColumnRow[]) {
  const relations = new Map<string, Relation>();
  const byOid = new Map<number, Relation>();
  const names = new Map<number, Map<number, string>>();
  for (const r of rows) {
    const oid = Number(r.oid);
    let rel = byOid.get(oid);
    if (!rel) {
      rel = {
        oid,
        name: r.rel,
        kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table',
        columns: new Map(),
        columnList: [],
        pk: [],
        uniques: [],
      };
      byOid.set(oid, rel);
      relations.set(r.rel, rel);
      names.set(oid, new Map());
    }
    const col: Column = { name: r.name, type: r.type, udt: r.udt, nullable: r.nullable, default: r.default_expr, generated: r.generated };
    rel.columns.set(col.name, col);
    rel.columnList.push(col);
    names.get(oid)!.set(Number(r.num), r.name);
  }
  return { relations, byOid, names };
}

function addKeys(byOid: Map<number, Relation>, cons: ConstraintRow[], idx: { rel: number; cols: string[] }[]): void {
  for (const c of cons) {
    const rel = byOid.get(Number(c.rel));
    if (!rel || c.type === 'f') continue;
    if (c.type === 'p') rel.pk = c.cols;
    addUnique(rel, c.cols);
  }
  for (const i of idx) {
    const rel = byOid.get(Number(i.rel));
    if (rel) addUnique(rel, i.cols);
  }
}

function addUnique(rel: Relation, cols: string[]): void {
  const key = [...cols].sort().join(',');
  if (!rel.uniques.some((u) => [...u].sort().join(',') === key)) rel.uniques.push(cols);
}

function exposedColumns(
  byOid: Map<number, Relation>,
  names: Map<number, Map<number, string>>,
  origins: Map<number, (Origin | undefined)[]>,
): Exposed {
  const exposed: Exposed = new Map();
  const baseOf = (o: Origin, depth = 0): Origin | undefined => {
    const rel = byOid.get(o.oid);
    if (!rel || rel.kind === 'table') return o;
    if (depth > 8) return undefined;
    const inner = origins.get(o.oid)?.[o.num - 1];
    return inner ? baseOf(inner, depth + 1) : undefined;
  };
  for (const rel of byOid.values()) {
    const map = new Map<string, string>();
    if (rel.kind === 'table') {
      for (const [num, name] of names.get(rel.oid) ?? []) map.set(`${rel.oid}:${num}`, name);
    } else {
      const list = origins.get(rel.oid) ?? [];
      rel.columnList.forEach((col, i) => {
        const o = list[i] && baseOf(list[i]);
        if (o && !map.has(`${o.oid}:${o.num}`)) map.set(`${o.oid}:${o.num}`, col.name);
      });
    }
    exposed.set(rel.oid, map);
  }
  // Keys are by attribute number; remember the names too so FKs (by name) can be matched.
  for (const map of exposed.values()) {
    for (const [key, col] of [...map]) {
      const [baseOid, num] = key.split(':').map(Number) as [number, number];
      const baseName = names.get(baseOid)?.get(num);
      if (baseName) map.set(`${baseOid}:${baseName}`, col);
    }
  }
  return exposed;
}

/** A view that exposes all columns of its base table's PK or a unique key inherits them. */
function inferViewKeys(byOid: Map<number, Relation>, exposed: Exposed): void {
  for (const view of byOid.values()) {
    if (view.kind !== 'view') continue;
    const map = exposed.get(view.oid)!;
    for (const base of byOid.values()) {
      if (base.kind !== 'table') continue;
      const mapped = (cols: string[]) => {
        const out = cols.map((c) => map.get(`${base.oid}:${c}`));
        return out.every(Boolean) ? (out as string[]) : undefined;
      };
      const pk = base.pk.length ? mapped(base.pk) : undefined;
      if (pk && !view.pk.length) view.pk = pk;
      for (const u of base.uniques) {
        const m = mapped(u);
        if (m) addUnique(view, m);
      }
    }
  }
}
