import type { FunctionDef } from '../schema/model.js';
import { ident, type Params } from './builder.js';

/** How arguments reach the function: named text values (GET), a JSON object (POST), or the whole body as one json argument. */
export type RpcArgs = { mode: 'direct'; values: Map<string, string> } | { mode: 'json'; body: unknown } | { mode: 'single'; body: unknown };

/** The FROM-able source and the call expression for a function call with bound arguments. */
export interface CallSql {
  /** `json_to_record(…) AS "pgrst_args"(…)` when arguments come as JSON, else ''. */
  argsFrom: string;
  call: string;
}

/** Build `"schema"."fn"("a" := …)` with every argument bound as a parameter. */
export function callSql(schema: string, fn: FunctionDef, args: RpcArgs, p: Params): CallSql {
  const name = `${ident(schema)}.${ident(fn.name)}`;
  if (args.mode === 'single') {
    const t = fn.params[0]?.type ?? 'json';
    return { argsFrom: '', call: `${name}(${p.add(JSON.stringify(args.body ?? null))}::${t})` };
  }
  if (args.mode === 'direct') {
    const list = fn.params
      .filter((x) => args.values.has(x.name))
      .map((x) => `${ident(x.name)} := ${p.add(args.values.get(x.name))}::${x.type}`);
    return { argsFrom: '', call: `${name}(${list.join(', ')})` };
  }
  const given = new Set(Object.keys((args.body ?? {}) as object));
  const used = fn.params.filter((x) => given.has(x.name));
  if (!used.length) return { argsFrom: '', call: `${name}()` };
  const defs = used.map((x) => `${ident(x.name)} ${x.type}`).join(', ');
  const argsFrom = `json_to_record(${p.add(JSON.stringify(args.body))}::json) AS "pgrst_args"(${defs})`;
  return { argsFrom, call: `${name}(${used.map((x) => `${ident(x.name)} := "pgrst_args".${ident(x.name)}`).join(', ')})` };
}

/** The function's rows as a derived table, usable where a relation name would go. */
export function callSource(c: CallSql): string {
  return c.argsFrom ? `(SELECT "pgrst_f".* FROM ${c.argsFrom} CROSS JOIN LATERAL ${c.call} AS "pgrst_f")` : c.call;
}

/** A scalar (or void) call: one row with the JSON text of the result. */
export function scalarCallSql(c: CallSql): string {
  return `SELECT to_json(${c.call})::text AS body${c.argsFrom ? ` FROM ${c.argsFrom}` : ''}`;
}

/** A set of scalars: [page count, JSON array text], honouring limit/offset. */
export function scalarSetSql(c: CallSql, range: { offset: number; limit?: number }): string {
  const tail = `${range.limit !== undefined ? ` LIMIT ${range.limit}` : ''}${range.offset ? ` OFFSET ${range.offset}` : ''}`;
  const from = c.argsFrom ? `${c.argsFrom} CROSS JOIN LATERAL ${c.call} AS "pgrst_f"("v")` : `${c.call} AS "pgrst_f"("v")`;
  return `SELECT count(*) AS page, coalesce(json_agg("pgrst_s"."v"), '[]')::text AS body FROM (SELECT "pgrst_f"."v" FROM ${from}${tail}) AS "pgrst_s"`;
}
