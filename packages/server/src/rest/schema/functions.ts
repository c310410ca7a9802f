import type pg from 'pg';
import type { Column, FunctionDef, FunctionParam } from './model.js';
import { COMPOSITE_COLUMNS_SQL, FUNCTIONS_SQL } from './queries.js';

interface FunctionRow {
  name: string;
  volatility: 'i' | 's' | 'v';
  retset: boolean;
  ret_udt: string;
  ret_typtype: string;
  ret_relid: number;
  ret_type: string;
  nargs: number;
  ndefaults: number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  arg_udts: string[];
}

const VOLATILITY = { i: 'immutable', s: 'stable', v: 'volatile' } as const;

/** Functions of the schema by name (overloads share a name), with parameters and what they return. */
export async function loadFunctions(client: pg.ClientBase, schema: string): Promise<Map<string, FunctionDef[]>> {
  const rows = (await client.query<FunctionRow>(FUNCTIONS_SQL, [schema])).rows;
  const relids = [...new Set(rows.filter((r) => r.ret_typtype === 'c').map((r) => Number(r.ret_relid)))];
  const composite = new Map<number, Column[]>();
  const relNames = new Map<number, string>();
  if (relids.length) {
    const cols = await client.query<{ rel: number; name: string; type: string; udt: string }>(COMPOSITE_COLUMNS_SQL, [relids]);
    for (const c of cols.rows) {
      const list = composite.get(Number(c.rel)) ?? [];
      list.push({ name: c.name, type: c.type, udt: c.udt, nullable: true, default: null, generated: false });
      composite.set(Number(c.rel), list);
    }
    const names = await client.query<{ oid: number; name: string }>(
      `SELECT c.oid::int8 AS oid, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.oid = ANY($1::oid[]) AND n.nspname = $2 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`,
      [relids, schema],
    );
    for (const r of names.rows) relNames.set(Number(r.oid), r.name);
  }
  const out = new Map<string, FunctionDef[]>();
  for (const r of rows) {
    const def = toDef(r, composite, relNames);
    if (!def) continue;
    out.set(def.name, [...(out.get(def.name) ?? []), def]);
  }
  return out;
}

function toDef(r: FunctionRow, composite: Map<number, Column[]>, relNames: Map<number, string>): FunctionDef | undefined {
  const modes = r.arg_modes.length ? r.arg_modes : r.arg_types.map(() => 'i');
  const inputs: FunctionParam[] = [];
  const outputs: Column[] = [];
  modes.forEach((mode, i) => {
    const name = r.arg_names[i] ?? '';
    const type = r.arg_types[i] ?? 'unknown';
    const udt = r.arg_udts[i] ?? 'unknown';
    if (mode === 'v') return; // variadic parameters are not supported through the API
    if (mode === 'i' || mode === 'b') inputs.push({ name, type, udt, required: true });
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type, udt, nullable: true, default: null, generated: false });
  });
  if (modes.includes('v')) return undefined;
  inputs.forEach((p, i) => (p.required = i < inputs.length - r.ndefaults));
  let returnKind: FunctionDef['returnKind'];
  let returnColumns: Column[] = [];
  let returnRelation: string | undefined;
  if (r.ret_udt === 'void') returnKind = 'void';
  else if (r.ret_typtype === 'c') {
    returnKind = 'composite';
    returnColumns = composite.get(Number(r.ret_relid)) ?? [];
    returnRelation = relNames.get(Number(r.ret_relid));
  } else if (r.ret_udt === 'record' && outputs.length) {
    returnKind = 'composite';
    returnColumns = outputs;
  } else if (r.ret_typtype === 'p')
    return undefined; // trigger, record without OUT params, …
  else returnKind = 'scalar';
  return {
    name: r.name,
    params: inputs,
    returnKind,
    returnsSet: r.retset,
    returnColumns,
    returnRelation,
    volatility: VOLATILITY[r.volatility],
  };
}
