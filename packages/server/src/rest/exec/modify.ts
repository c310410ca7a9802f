import { PgrstError, singularityError } from '../errors.js';
import type { PlanNode } from '../plan/model.js';
import { preferenceApplied } from '../parse/prefer.js';
import { parseQuery } from '../parse/query-string.js';
import type { Relation } from '../schema/model.js';
import { Params } from '../sql/builder.js';
import { guardedRowsSql } from '../sql/guard.js';
import { deleteSql, mutationStatement, updateSql } from '../sql/write.js';
import type { RelationPolicy, RestResponse } from '../types.js';
import type { HandlerContext } from './context.js';
import {
  authorizeWrite,
  execWrite,
  type GuardCheck,
  planMutation,
  representation,
  refuseStrayParams,
  requireFilter,
  serverSets,
  type WriteResult,
} from './mutation.js';
import { bodyRows, preparePayload } from './payload.js';
import { contentRange } from './range-status.js';
import { inTransaction } from './tx.js';

function checkLimited(rel: Relation, node: PlanNode): void {
  const limited = node.range.limit !== undefined || node.range.offset > 0;
  if (limited && rel.kind !== 'table') {
    throw new PgrstError(400, 'PGRST100', `limit/offset are not supported when changing the view '${rel.name}'`);
  }
}

async function run(ctx: HandlerContext, node: PlanNode, policy: RelationPolicy, write: (p: Params) => string): Promise<WriteResult> {
  const wantBody = ctx.prefs.return === 'representation';
  const p = new Params();
  const text = mutationStatement(write(p), node, p, { body: wantBody, inserted: false });
  let guard: GuardCheck | undefined;
  if (policy.guard) {
    const gp = new Params();
    guard = { sql: guardedRowsSql(node, policy.guard, gp), p: gp, message: policy.guard.message };
  }
  return inTransaction(ctx.pool, (client) => execWrite(ctx, client, { text, p }, guard));
}

function respond(ctx: HandlerContext, result: WriteResult, range: string, keys: Parameters<typeof preferenceApplied>[1]): RestResponse {
  const headers: Record<string, string> = { 'content-range': range };
  const applied = preferenceApplied(ctx.prefs, keys);
  if (applied) headers['preference-applied'] = applied;
  if (ctx.prefs.return !== 'representation') return { status: 204, headers };
  const rep = representation(ctx, result.body);
  return { status: 200, headers: { ...headers, ...rep.headers }, body: rep.body };
}

/** PATCH: update the filtered rows with the body's columns in one statement; server-owned columns are set by us. */
export async function handleUpdate(ctx: HandlerContext, rel: Relation, policy: RelationPolicy): Promise<RestResponse> {
  authorizeWrite(ctx, policy, 'update');
  const query = parseQuery(ctx.req.rawQuery);
  refuseStrayParams(query, 'UPDATE');
  const payload = preparePayload(bodyRows(ctx.req.body, false), rel, policy, { columns: query.columns, partial: true });
  const node = planMutation(ctx, rel, policy, query);
  requireFilter(node, 'UPDATE');
  checkLimited(rel, node);
  let result: WriteResult = { page: 0, inserted: 0, body: '[]' };
  if (payload.columns.length) {
    const server = serverSets(rel, policy, 'update');
    const body = payload.rows[0]!;
    result = await run(ctx, node, policy, (p) => updateSql(node, payload.columns, server, p.add(JSON.stringify(body)), ctx.actor.id, p));
  } else if (ctx.media === 'object' && ctx.prefs.return === 'representation') {
    throw singularityError(0);
  }
  const total = ctx.prefs.count === 'exact' ? result.page : null;
  return respond(ctx, result, contentRange(0, result.page - 1, total), ['return', 'count', 'missing', 'handling', 'maxAffected']);
}

/** DELETE: delete the filtered rows, or set their soft-delete column to now() where the policy says so. */
export async function handleDelete(ctx: HandlerContext, rel: Relation, policy: RelationPolicy): Promise<RestResponse> {
  authorizeWrite(ctx, policy, 'delete');
  const query = parseQuery(ctx.req.rawQuery);
  refuseStrayParams(query, 'DELETE');
  const node = planMutation(ctx, rel, policy, query);
  requireFilter(node, 'DELETE');
  checkLimited(rel, node);
  const result = await run(ctx, node, policy, (p) => deleteSql(node, policy.softDelete, p));
  const total = ctx.prefs.count === 'exact' ? result.page : null;
  return respond(ctx, result, contentRange(1, 0, total), ['return', 'count', 'handling', 'maxAffected']);
}
