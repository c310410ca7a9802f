import { FTS_OPERATORS, SIMPLE_OPERATORS, type OpExpr } from '../parse/ast.js';
import type { FieldRef } from '../plan/model.js';
import { ident, type Params } from './builder.js';

/** `"alias"."col"` with an optional JSON path; non-JSON columns go through to_jsonb() first, like PostgREST. */
export function fieldSql(alias: string, f: FieldRef, p: Params): string {
  const raw = `${ident(alias)}.${ident(f.column.name)}`;
  const col = f.mask ? `${ident(f.mask)}(${raw})` : raw;
  if (!f.json.length) return col;
  let e = f.column.udt === 'json' || f.column.udt === 'jsonb' ? col : `to_jsonb(${col})`;
  for (const op of f.json) e += `${op.arrow}${op.index ? `${p.add(op.key)}::int` : `${p.add(op.key)}::text`}`;
  return `(${e})`;
}

/** One filter operation on an expression; every value is a bound parameter typed by PostgreSQL from the column. */
export function operationSql(lhs: string, f: FieldRef, expr: OpExpr, p: Params): string {
  const o = expr.operation;
  let sql: string;
  switch (o.kind) {
    case 'op': {
      const value = o.op === 'like' || o.op === 'ilike' ? o.value.replace(/\*/g, '%') : o.value;
      const sym = SIMPLE_OPERATORS[o.op];
      sql = o.quantifier ? `${lhs} ${sym} ${o.quantifier.toUpperCase()}(${p.add(value)})` : `${lhs} ${sym} ${p.add(value)}`;
      break;
    }
    case 'in':
      sql = `${lhs} = ANY(${p.add(o.values)})`;
      break;
    case 'is':
      sql = `${lhs} IS ${o.value.toUpperCase()}`;
      break;
    case 'fts': {
      const lang = () => (o.language ? `${p.add(o.language)}::regconfig, ` : '');
      const tsv = f.column.udt === 'tsvector' && !f.json.length ? lhs : `to_tsvector(${lang()}${lhs})`;
      sql = `${tsv} @@ ${FTS_OPERATORS[o.op]}(${lang()}${p.add(o.value)})`;
      break;
    }
  }
  return expr.negate ? `NOT (${sql})` : sql;
}
