import { can } from '@ops/shared';
import type pg from 'pg';
import { PgrstError, invalidBody, permissionDenied } from '../errors.js';
import { contentType } from '../parse/accept.js';
import { parseQuery } from '../parse/query-string.js';
import { combineRange, parseRangeHeader } from '../parse/range.js';
import type { RelationLike } from '../plan/model.js';
import type { FunctionDef } from '../schema/model.js';
import { Params } from '../sql/builder.js';
import { callSource, callSql, scalarCallSql, scalarSetSql, type RpcArgs } from '../sql/rpc.js';
import type { RestResponse, RpcPolicy } from '../types.js';
import type { HandlerContext } from './context.js';
import { readStatus } from './range-status.js';
import { runRead } from './read.js';
import { resolveFunction } from './rpc-resolve.js';
import { inTransaction } from './tx.js';
import { runStatement } from './statements.js';

/**
 * `/rpc/<fn>`: GET takes arguments from the query string, POST from a JSON object. GET needs read; POST
 * needs write unless the function is STABLE/IMMUTABLE. A volatile function runs in a read-only transaction
 * on GET, so one that writes fails with 405 like in PostgREST.
 */
export async function handleRpc(ctx: HandlerContext, name: string): Promise<RestResponse> {
  const { method } = ctx.req;
  if (!['GET', 'HEAD', 'POST'].includes(method)) throw new PgrstError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
  const post = method === 'POST';
  const policy = ctx.registry.fn(name);
  const allArgs = new Set([...(ctx.cache.functions.get(name) ?? [])].flatMap((f) => f.params.map((p) => p.name)));
  const query = parseQuery(ctx.req.rawQuery, post ? {} : { rpcArgs: allArgs });
  let body = ctx.req.body;
  if (post && body === undefined) body = {};
  if (post && (typeof body !== 'object' || body === null)) throw invalidBody('Empty or invalid json', 'RPC arguments are a JSON object');
  const keys = post ? (Array.isArray(body) ? [] : Object.keys(body as object)) : [...new Set(query.params.map(([k]) => k))];
  const { fn, single } = resolveFunction(ctx.cache, ctx.registry.functionNames(), name, keys, post, ctx.prefs.params === 'single-object');
  const action = post && fn.volatility === 'volatile' ? 'write' : 'read';
  if (!can(ctx.actor.roles, policy!.resource, action))
    throw permissionDenied(name, `Calling '${name}' requires ${action} permission on '${policy!.resource}'`);
  const args: RpcArgs = single
    ? { mode: 'single', body }
    : post
      ? { mode: 'json', body }
      : { mode: 'direct', values: new Map(query.params) };
  const work = (db: pg.Pool | pg.PoolClient) => call(ctx, db, fn, policy!, args, query);
  if (fn.volatility !== 'volatile') return work(ctx.pool);
  return inTransaction(ctx.pool, work, !post);
}

type Query = ReturnType<typeof parseQuery>;

async function call(
  ctx: HandlerContext,
  db: pg.Pool | pg.PoolClient,
  fn: FunctionDef,
  policy: RpcPolicy,
  args: RpcArgs,
  query: Query,
): Promise<RestResponse> {
  if (fn.returnKind === 'composite') return callRows(ctx, db, fn, policy, args, query);
  const p = new Params();
  const c = callSql(ctx.cache.schema, fn, args, p);
  const head = ctx.req.method === 'HEAD';
  const json = { 'content-type': contentType('json') };
  if (fn.returnKind === 'void') {
    await runStatement(db, scalarCallSql(c), p.values);
    return { status: 204, headers: {} };
  }
  if (!fn.returnsSet) {
    const { rows } = await runStatement(db, scalarCallSql(c), p.values);
    return { status: 200, headers: json, body: head ? undefined : String(rows[0]?.[0] ?? 'null') };
  }
  const range = combineRange(query.ranges.get(''), parseRangeHeader(ctx.req.headers.range, ctx.req.headers.rangeUnit));
  const { rows } = await runStatement(db, scalarSetSql(c, range), p.values);
  const { status, contentRange } = readStatus(range.offset, Number(rows[0]?.[0] ?? 0), null);
  return { status, headers: { ...json, 'content-range': contentRange }, body: head ? undefined : String(rows[0]?.[1]) };
}

/** Composite results are rows like a relation's: select, filters, order, range, counts and embeds apply. */
async function callRows(
  ctx: HandlerContext,
  db: pg.Pool | pg.PoolClient,
  fn: FunctionDef,
  policy: RpcPolicy,
  args: RpcArgs,
  query: Query,
): Promise<RestResponse> {
  const schema = ctx.cache.schema;
  const base = fn.returnRelation ? ctx.registry.relation(fn.returnRelation) : undefined;
  const rel: RelationLike = {
    name: fn.name,
    columns: new Map(fn.returnColumns.map((col) => [col.name, col])),
    columnList: fn.returnColumns,
  };
  const media = fn.returnsSet || ctx.media === 'csv' ? ctx.media : 'json';
  const res = await runRead(
    { ...ctx, media },
    {
      rel,
      policy: { name: fn.name, read: policy.resource, hidden: base?.hidden },
      relationshipSource: fn.returnRelation ?? fn.name,
      query,
      override: { from: (p) => callSource(callSql(schema, fn, args, p)) },
      db,
    },
  );
  if (fn.returnsSet || res.body === undefined || media === 'csv') return res;
  // A function returning one composite value answers one object (or null), not an array.
  const text = res.body.trim();
  return { status: 200, headers: { 'content-type': contentType('json') }, body: text === '[]' ? 'null' : text.slice(1, -1) };
}
