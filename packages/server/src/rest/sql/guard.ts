import type { PlanNode } from '../plan/model.js';
import type { RowGuard } from '../types.js';
import { ident, type Params } from './builder.js';
import { whereSql } from './read.js';

function guardCond(alias: string, guard: RowGuard, p: Params): string {
  return Object.entries(guard.when)
    .map(([col, v]) => `${ident(alias)}.${ident(col)} IS NOT DISTINCT FROM ${v === null ? 'NULL' : p.add(String(v))}`)
    .join(' AND ');
}

/** Does a PATCH/DELETE touch a guarded row? `SELECT 1 … LIMIT 1` over the same filters. */
export function guardedRowsSql(node: PlanNode, guard: RowGuard, p: Params): string {
  const where = whereSql(node, p);
  const cond = guardCond(node.alias, guard, p);
  return `SELECT 1 FROM ${ident(node.rel.name)} AS ${ident(node.alias)}${where ? `${where} AND ${cond}` : ` WHERE ${cond}`} LIMIT 1`;
}

/** Would an upsert overwrite a guarded row? Conflict keys of the body ($body) against existing guarded rows. */
export function guardedConflictsSql(table: string, alias: string, target: string[], guard: RowGuard, body: string, p: Params): string {
  const a = ident(alias);
  const keys = target.map((c) => `${a}.${ident(c)}`).join(', ');
  const bodyKeys = target.map((c) => `"_b".${ident(c)}`).join(', ');
  return (
    `SELECT 1 FROM ${ident(table)} AS ${a} WHERE (${keys}) IN (SELECT ${bodyKeys} FROM json_populate_recordset(NULL::${ident(table)}, ${body}::json) AS "_b")` +
    ` AND ${guardCond(alias, guard, p)} LIMIT 1`
  );
}
