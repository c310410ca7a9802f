import { PgrstError } from '../errors.js';
import { preferenceApplied } from '../parse/prefer.js';
import { parseQuery } from '../parse/query-string.js';
import type { Relation } from '../schema/model.js';
import { Params } from '../sql/builder.js';
import { guardedConflictsSql } from '../sql/guard.js';
import { insertSql, mutationStatement } from '../sql/write.js';
import type { RelationPolicy, RestResponse } from '../types.js';
import type { HandlerContext } from './context.js';
import { authorizeWrite, execWrite, type GuardCheck, planMutation, representation, serverSets } from './mutation.js';
import { bodyRows, preparePayload } from './payload.js';
import { inTransaction } from './tx.js';

const PK_FILTERS = "Filters must include all and only primary key columns with 'eq' operators";

/** PUT /t?pk=eq.v: insert or replace exactly the row the primary-key filters name. */
export async function handlePut(ctx: HandlerContext, rel: Relation, policy: RelationPolicy): Promise<RestResponse> {
  authorizeWrite(ctx, policy, 'upsert');
  const query = parseQuery(ctx.req.rawQuery);
  if (query.ranges.get('')) throw new PgrstError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
  const keys = new Map<string, string>();
  for (const { path, filter } of query.filters) {
    const op = filter.expr.operation;
    if (path.length) continue;
    if (
      filter.expr.negate ||
      op.kind !== 'op' ||
      op.op !== 'eq' ||
      op.quantifier ||
      filter.field.json.length ||
      keys.has(filter.field.name)
    ) {
      throw new PgrstError(405, 'PGRST105', PK_FILTERS);
    }
    keys.set(filter.field.name, op.value);
  }
  if (!rel.pk.length || query.logic.length || keys.size !== rel.pk.length || !rel.pk.every((c) => keys.has(c)))
    throw new PgrstError(405, 'PGRST105', PK_FILTERS);
  const payload = preparePayload(bodyRows(ctx.req.body, false), rel, policy, { partial: false });
  const row = payload.rows[0]!;
  for (const [col, value] of keys) {
    if (row[col] === undefined || row[col] === null || String(row[col]) !== value)
      throw new PgrstError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
  }
  // The PK filters were checked above; only embedded filters shape the returned representation.
  const node = planMutation(ctx, rel, policy, { ...query, filters: query.filters.filter((f) => f.path.length) });
  const wantBody = ctx.prefs.return === 'representation';
  const p = new Params();
  const body = p.add(JSON.stringify([row]));
  const write = insertSql(
    {
      table: rel.name,
      alias: node.alias,
      columns: payload.columns,
      server: serverSets(rel, policy, 'insert'),
      missingDefault: false,
      conflict: { target: rel.pk, action: 'merge', updateServer: serverSets(rel, policy, 'update') },
    },
    body,
    ctx.actor.id,
    p,
  );
  const stmt = { text: mutationStatement(write, node, p, { body: wantBody, inserted: true }), p };
  let guard: GuardCheck | undefined;
  if (policy.guard) {
    const gp = new Params();
    guard = {
      sql: guardedConflictsSql(rel.name, node.alias, rel.pk, policy.guard, gp.add(JSON.stringify([row])), gp),
      p: gp,
      message: policy.guard.message,
    };
  }
  const result = await inTransaction(ctx.pool, (client) => execWrite(ctx, client, stmt, guard));
  const headers: Record<string, string> = {};
  const applied = preferenceApplied(ctx.prefs, ['return', 'count', 'handling']);
  if (applied) headers['preference-applied'] = applied;
  if (!wantBody) return { status: 204, headers };
  const rep = representation(ctx, result.body);
  return { status: result.inserted > 0 ? 201 : 200, headers: { ...headers, ...rep.headers }, body: rep.body };
}
