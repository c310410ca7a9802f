import type pg from 'pg';
import { singularityError } from '../errors.js';
import { contentType } from '../parse/accept.js';
import type { ParsedQuery } from '../parse/ast.js';
import { preferenceApplied } from '../parse/prefer.js';
import { combineRange, parseRangeHeader } from '../parse/range.js';
import type { PlanNode, RelationLike } from '../plan/model.js';
import { planRead } from '../plan/read-plan.js';
import { Params } from '../sql/builder.js';
import { nodeSql, readStatement, type SourceOverride } from '../sql/read.js';
import type { RelationPolicy, RestResponse } from '../types.js';
import { TEXT_TYPES, type HandlerContext } from './context.js';
import { exactCount, plannedCount } from './count.js';
import { toCsv } from './csv.js';
import { readStatus } from './range-status.js';
import { runStatement } from './statements.js';

/** What a read runs over: a relation, or a function's result rows (`override`). */
export interface ReadSource {
  rel: RelationLike;
  policy: RelationPolicy;
  relationshipSource: string;
  query: ParsedQuery;
  override?: SourceOverride;
  /** Where to run: the pool, or the transaction of an RPC call. */
  db: pg.Pool | pg.PoolClient;
}

/** Plan the read with the Range header applied to the root level. */
export function planSource(ctx: HandlerContext, src: ReadSource): PlanNode {
  const header = parseRangeHeader(ctx.req.headers.range, ctx.req.headers.rangeUnit);
  return planRead({
    cache: ctx.cache,
    registry: ctx.registry,
    actor: ctx.actor,
    rel: src.rel,
    policy: src.policy,
    relationshipSource: src.relationshipSource,
    query: src.query,
    rootRange: combineRange(src.query.ranges.get(''), header),
  });
}

/** Decide how to count: exact in the main statement, or a planner estimate beforehand. */
async function countPlan(ctx: HandlerContext, src: ReadSource, root: PlanNode): Promise<{ inline: boolean; total: number | null }> {
  const count = ctx.prefs.count;
  if (count === 'exact') return { inline: true, total: null };
  if (count === 'planned') return { inline: false, total: await plannedCount(src.db, root, src.override) };
  if (count === 'estimated') {
    const planned = await plannedCount(src.db, root, src.override);
    return planned > ctx.estimatedCountThreshold ? { inline: false, total: planned } : { inline: true, total: null };
  }
  return { inline: false, total: null };
}

/** GET/HEAD (and set-returning RPC): one statement builds the JSON page and, when asked, the exact count. */
export async function runRead(ctx: HandlerContext, src: ReadSource): Promise<RestResponse> {
  const root = planSource(ctx, src);
  const head = ctx.req.method === 'HEAD';
  const counting = await countPlan(ctx, src, root);
  let total = counting.total;
  let page: number;
  let body: string | undefined;
  if (ctx.media === 'csv') {
    const p = new Params();
    // Not prepared: its result columns follow the table, and a prepared statement must keep its result type.
    const res = await src.db.query({
      text: nodeSql(root, p, undefined, src.override),
      values: p.values,
      rowMode: 'array',
      types: TEXT_TYPES,
    });
    if (counting.inline) total = await exactCount(src.db, root, src.override);
    page = res.rows.length;
    body = toCsv(
      res.fields.map((f) => f.name),
      res.rows as unknown[][],
    );
  } else {
    const p = new Params();
    const sql = readStatement(root, p, { count: counting.inline, body: !head }, src.override);
    const res = await runStatement(src.db, sql, p.values);
    const row = res.rows[0] as [number | null, number, string | null];
    if (counting.inline) total = Number(row[0]);
    page = Number(row[1]);
    body = row[2] ?? undefined;
  }
  const range = readStatus(root.range.offset, page, total);
  let status = range.status;
  if (ctx.media === 'object') {
    if (page !== 1) throw singularityError(page);
    status = 200;
    if (body) body = body.slice(1, -1);
  }
  const headers: Record<string, string> = { 'content-type': contentType(ctx.media), 'content-range': range.contentRange };
  const applied = preferenceApplied(ctx.prefs, ['count', 'handling']);
  if (applied) headers['preference-applied'] = applied;
  return { status, headers, body: head ? undefined : body };
}
