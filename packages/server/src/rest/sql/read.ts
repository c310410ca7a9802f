import type { Cond, EmbedNode, OutputItem, PlanNode } from '../plan/model.js';
import { ident, type Params } from './builder.js';
import { fieldSql, operationSql } from './expr.js';

/** Where a node's rows come from when it is not its own relation (a CTE of written rows, a function call). */
export interface SourceOverride {
  /** SQL placed before `AS "alias"`, e.g. `"pgrst_source"` or `"public"."fn"(…)`; built per statement so its parameters bind there. */
  from: (p: Params) => string;
  /** Skip the node's own filters (they were applied by the write statement). */
  skipWhere?: boolean;
}

const junctionAlias = (e: EmbedNode) => `${e.node.alias}_j`;

function fromSql(node: PlanNode, p: Params, embed?: EmbedNode, override?: SourceOverride): string {
  let from = `${override ? override.from(p) : ident(node.rel.name)} AS ${ident(node.alias)}`;
  const j = embed?.relationship.junction;
  if (j) {
    const ja = ident(junctionAlias(embed!));
    const on = j.targetCols.map(([t, jc]) => `${ja}.${ident(jc)} = ${ident(node.alias)}.${ident(t)}`).join(' AND ');
    from += ` JOIN ${ident(j.table)} AS ${ja} ON ${on}`;
  }
  return from;
}

/** The condition tying an embedded node's rows to its parent row. */
function joinCond(embed: EmbedNode, parentAlias: string): string {
  const j = embed.relationship.junction;
  if (j) {
    const ja = ident(junctionAlias(embed));
    return j.sourceCols.map(([s, jc]) => `${ja}.${ident(jc)} = ${ident(parentAlias)}.${ident(s)}`).join(' AND ');
  }
  return embed.relationship.columns
    .map(([s, t]) => `${ident(embed.node.alias)}.${ident(t)} = ${ident(parentAlias)}.${ident(s)}`)
    .join(' AND ');
}

/** A condition of a node's WHERE clause. */
export function condSql(alias: string, cond: Cond, p: Params): string {
  switch (cond.kind) {
    case 'filter':
      return operationSql(fieldSql(alias, cond.field, p), cond.field, cond.expr, p);
    case 'logic': {
      const body = `(${cond.children.map((c) => condSql(alias, c, p)).join(cond.op === 'and' ? ' AND ' : ' OR ')})`;
      return cond.negate ? `NOT ${body}` : body;
    }
    case 'exists':
      return `${cond.negate ? 'NOT ' : ''}EXISTS (SELECT 1 FROM ${fromSql(cond.embed.node, p, cond.embed)} WHERE ${whereList(cond.embed.node, p, cond.embed, alias).join(' AND ')})`;
  }
}

function whereList(node: PlanNode, p: Params, embed?: EmbedNode, parentAlias?: string, override?: SourceOverride): string[] {
  const conds: string[] = [];
  if (embed && parentAlias) conds.push(joinCond(embed, parentAlias));
  if (!override?.skipWhere) for (const c of node.where) conds.push(condSql(node.alias, c, p));
  return conds;
}

/** `WHERE …` (or nothing) for a root node; used by the read, the count and the writes. */
export function whereSql(node: PlanNode, p: Params, override?: SourceOverride): string {
  const conds = whereList(node, p, undefined, undefined, override);
  return conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
}

function orderSql(node: PlanNode, p: Params): string {
  if (!node.order.length) return '';
  const terms = node.order.map((o) => {
    let e: string;
    if (o.embed) {
      const child = o.embed.node;
      e = `(SELECT ${fieldSql(child.alias, o.field, p)} FROM ${fromSql(child, p, o.embed)} WHERE ${whereList(child, p, o.embed, node.alias).join(' AND ')} LIMIT 1)`;
    } else e = fieldSql(node.alias, o.field, p);
    return `${e} ${o.direction === 'desc' ? 'DESC' : 'ASC'}${o.nulls ? ` NULLS ${o.nulls === 'first' ? 'FIRST' : 'LAST'}` : ''}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

function itemSql(node: PlanNode, item: OutputItem, p: Params): string {
  if (item.kind === 'column') {
    const e = fieldSql(node.alias, item.field, p);
    return `${item.cast ? `CAST(${e} AS ${item.cast})` : e} AS ${ident(item.key)}`;
  }
  const { embed } = item;
  const rowAlias = ident(`${embed.node.alias}_r`);
  const inner = nodeSql(embed.node, p, { embed, parentAlias: node.alias });
  if (embed.toOne) return `(SELECT row_to_json(${rowAlias}.*) FROM (${inner}) AS ${rowAlias}) AS ${ident(embed.key)}`;
  return `COALESCE((SELECT json_agg(${rowAlias}.*) FROM (${inner}) AS ${rowAlias}), '[]') AS ${ident(embed.key)}`;
}

/** `SELECT <items> FROM … WHERE … ORDER BY … LIMIT … OFFSET …` for one node (embeds become correlated subqueries). */
export function nodeSql(node: PlanNode, p: Params, parent?: { embed: EmbedNode; parentAlias: string }, override?: SourceOverride): string {
  const items = node.items.map((i) => itemSql(node, i, p)).join(', ');
  const conds = whereList(node, p, parent?.embed, parent?.parentAlias, override);
  const where = conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
  const limit = parent?.embed.toOne ? 1 : node.range.limit;
  const tail = `${limit !== undefined ? ` LIMIT ${limit}` : ''}${node.range.offset && !parent?.embed.toOne ? ` OFFSET ${node.range.offset}` : ''}`;
  return `SELECT ${items} FROM ${fromSql(node, p, parent?.embed, override)}${where}${override?.skipWhere ? '' : orderSql(node, p)}${tail}`;
}

/** `ORDER BY … LIMIT … OFFSET …` of a root node (for limited PATCH/DELETE). */
export function orderTail(node: PlanNode, p: Params): string {
  const { limit, offset } = node.range;
  return `${orderSql(node, p)}${limit !== undefined ? ` LIMIT ${limit}` : ''}${offset ? ` OFFSET ${offset}` : ''}`;
}

/** How a root read answers: the JSON body, nothing (HEAD), and whether to count all matching rows. */
export interface ReadShape {
  count: boolean;
  body: boolean;
}

/** One statement: [total | NULL, rows in this page, JSON array text]. */
export function readStatement(node: PlanNode, p: Params, shape: ReadShape, override?: SourceOverride): string {
  const r = ident('pgrst_r');
  const total = shape.count ? `(${countSql(node, p, override)})` : 'NULL::int8';
  const body = shape.body ? `coalesce(json_agg(${r}.*), '[]')::text` : 'NULL::text';
  return `SELECT ${total} AS total, count(*) AS page, ${body} AS body FROM (${nodeSql(node, p, undefined, override)}) AS ${r}`;
}

/** `SELECT count(*)` of every row the root's filters match (ignoring limit and offset). */
export function countSql(node: PlanNode, p: Params, override?: SourceOverride): string {
  return `SELECT count(*) FROM ${fromSql(node, p, undefined, override)}${whereSql(node, p, override)}`;
}
