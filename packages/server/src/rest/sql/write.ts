import type { PlanNode } from '../plan/model.js';
import type { Column } from '../schema/model.js';
import type { ServerValue } from '../types.js';
import { ident, literal, type Params } from './builder.js';
import { nodeSql, orderTail, whereSql } from './read.js';

/** A server-set column and its value for this statement. */
export interface ServerSet {
  column: Column;
  value: ServerValue;
}

/** SQL for a server value: bound parameters cast to the column's type, or now(). */
export function serverValueSql(s: ServerSet, actorId: string, p: Params): string {
  const v = s.value;
  if (v.kind === 'now') return 'now()';
  const raw = v.kind === 'actor' ? actorId : v.value;
  return raw === null ? `NULL::${s.column.type}` : `${p.add(String(raw))}::${s.column.type}`;
}

export interface InsertSpec {
  table: string;
  alias: string;
  columns: Column[];
  server: ServerSet[];
  /** `Prefer: missing=default`: keys absent from a row take the column default instead of NULL. */
  missingDefault: boolean;
  conflict?: { target: string[]; action: 'merge' | 'ignore'; updateServer: ServerSet[] };
}

/** INSERT … SELECT from the JSON array body ($body), one statement for any number of rows. */
export function insertSql(spec: InsertSpec, body: string, actorId: string, p: Params): string {
  const cols = [...spec.columns.map((c) => c.name), ...spec.server.map((s) => s.column.name)];
  const values = [
    ...spec.columns.map((c) => {
      const v = `"_b".${ident(c.name)}`;
      return spec.missingDefault && c.default ? `CASE WHEN "_e"."j"->${literal(c.name)} IS NULL THEN ${c.default} ELSE ${v} END` : v;
    }),
    ...spec.server.map((s) => serverValueSql(s, actorId, p)),
  ];
  const t = ident(spec.table);
  let sql =
    // No columns at all (a body of `{}`): every column takes its default.
    `INSERT INTO ${t} AS ${ident(spec.alias)} ${cols.length ? `(${cols.map(ident).join(', ')}) ` : ''}` +
    `SELECT ${values.join(', ')} FROM json_array_elements(${body}::json) WITH ORDINALITY AS "_e"("j", "n") ` +
    `CROSS JOIN LATERAL json_populate_record(NULL::${t}, "_e"."j") AS "_b" ORDER BY "_e"."n"`;
  const c = spec.conflict;
  if (c) {
    const target = `(${c.target.map(ident).join(', ')})`;
    if (c.action === 'ignore') sql += ` ON CONFLICT ${target} DO NOTHING`;
    else {
      const sets = [
        ...spec.columns.map((col) => `${ident(col.name)} = EXCLUDED.${ident(col.name)}`),
        ...c.updateServer.map((s) => `${ident(s.column.name)} = ${serverValueSql(s, actorId, p)}`),
      ];
      if (!sets.length) sets.push(`${ident(c.target[0]!)} = EXCLUDED.${ident(c.target[0]!)}`);
      sql += ` ON CONFLICT ${target} DO UPDATE SET ${sets.join(', ')}`;
    }
  }
  return `${sql} RETURNING ${ident(spec.alias)}.*, (${ident(spec.alias)}.xmax = 0) AS "pgrst_inserted"`;
}

/** Restrict a PATCH/DELETE to the rows a `limit`/`offset` (with `order`) picks. */
function limitedRows(node: PlanNode, p: Params): string {
  const t = ident(node.rel.name);
  const a = ident(node.alias);
  return ` WHERE ${a}.ctid = ANY(ARRAY(SELECT ${a}.ctid FROM ${t} AS ${a}${whereSql(node, p)}${orderTail(node, p)}))`;
}

const limited = (node: PlanNode) => node.range.limit !== undefined || node.range.offset > 0;

/** UPDATE with the body's columns ($body is one JSON object) plus server values, filtered like the read. */
export function updateSql(node: PlanNode, columns: Column[], server: ServerSet[], body: string, actorId: string, p: Params): string {
  const a = ident(node.alias);
  const m = node.policy.mask;
  // A masked column sent back unchanged keeps the stored credential (restore(new, stored)).
  const value = (c: Column) =>
    m?.restore && m.columns.includes(c.name) ? `${ident(m.restore)}("_b".${ident(c.name)}, ${a}.${ident(c.name)})` : `"_b".${ident(c.name)}`;
  const sets = [
    ...columns.map((c) => `${ident(c.name)} = ${value(c)}`),
    ...server.map((s) => `${ident(s.column.name)} = ${serverValueSql(s, actorId, p)}`),
  ];
  const where = limited(node) ? limitedRows(node, p) : whereSql(node, p);
  return `UPDATE ${ident(node.rel.name)} AS ${a} SET ${sets.join(', ')} FROM json_populate_record(NULL::${ident(node.rel.name)}, ${body}::json) AS "_b"${where} RETURNING ${a}.*`;
}

/** DELETE, or for soft-deleting relations an UPDATE setting the soft-delete column to now(). */
export function deleteSql(node: PlanNode, softDelete: string | undefined, p: Params): string {
  const a = ident(node.alias);
  const where = limited(node) ? limitedRows(node, p) : whereSql(node, p);
  if (!softDelete) return `DELETE FROM ${ident(node.rel.name)} AS ${a}${where} RETURNING ${a}.*`;
  const live = `${a}.${ident(softDelete)} IS NULL`;
  return `UPDATE ${ident(node.rel.name)} AS ${a} SET ${ident(softDelete)} = now()${where ? `${where} AND ${live}` : ` WHERE ${live}`} RETURNING ${a}.*`;
}

/** Wrap a write in a CTE and answer [affected rows, inserted rows, JSON body | NULL] in one statement. */
export function mutationStatement(write: string, node: PlanNode, p: Params, opts: { body: boolean; inserted: boolean }): string {
  const src = '"pgrst_source"';
  const body = opts.body
    ? `(SELECT coalesce(json_agg("pgrst_r".*), '[]')::text FROM (${nodeSql(node, p, undefined, { from: () => src, skipWhere: true })}) AS "pgrst_r")`
    : 'NULL::text';
  const inserted = opts.inserted ? `(SELECT count(*) FROM ${src} WHERE "pgrst_inserted")` : 'NULL::int8';
  return `WITH ${src} AS (${write}) SELECT (SELECT count(*) FROM ${src}) AS page, ${inserted} AS inserted, ${body} AS body`;
}
