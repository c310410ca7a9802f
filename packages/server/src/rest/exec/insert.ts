import { columnNotFound, singularityError } from '../errors.js';
import { contentRange } from './range-status.js';
import { preferenceApplied } from '../parse/prefer.js';
import { parseQuery } from '../parse/query-string.js';
import type { Relation } from '../schema/model.js';
import { Params } from '../sql/builder.js';
import { guardedConflictsSql } from '../sql/guard.js';
import { insertSql, mutationStatement } from '../sql/write.js';
import type { RelationPolicy, RestResponse } from '../types.js';
import type { HandlerContext } from './context.js';
import { authorizeWrite, execWrite, type GuardCheck, planMutation, representation, serverSets, type WriteResult } from './mutation.js';
import { bodyRows, preparePayload } from './payload.js';
import { inTransaction } from './tx.js';

/**
 * POST: insert one object or an array of objects in one statement; with `resolution=merge-duplicates` or
 * `ignore-duplicates` an upsert on the primary key or `on_conflict` columns.
 */
export async function handleInsert(ctx: HandlerContext, rel: Relation, policy: RelationPolicy): Promise<RestResponse> {
  const query = parseQuery(ctx.req.rawQuery);
  const target = ctx.prefs.resolution ? (query.onConflict ?? rel.pk) : [];
  const upsert = target.length > 0;
  authorizeWrite(ctx, policy, upsert ? 'upsert' : 'insert');
  for (const c of target) if (!rel.columns.has(c)) throw columnNotFound(rel.name, c);
  const payload = preparePayload(bodyRows(ctx.req.body, true), rel, policy, { columns: query.columns, partial: false });
  const node = planMutation(ctx, rel, policy, query);
  const wantBody = ctx.prefs.return === 'representation' || ctx.prefs.return === 'headers-only';
  let result: WriteResult = { page: 0, inserted: 0, body: '[]' };
  if (payload.rows.length) {
    const p = new Params();
    const body = p.add(JSON.stringify(payload.rows));
    const write = insertSql(
      {
        table: rel.name,
        alias: node.alias,
        columns: payload.columns,
        server: serverSets(rel, policy, 'insert'),
        missingDefault: ctx.prefs.missing === 'default',
        conflict: upsert
          ? {
              target,
              action: ctx.prefs.resolution === 'ignore-duplicates' ? 'ignore' : 'merge',
              updateServer: serverSets(rel, policy, 'update'),
            }
          : undefined,
      },
      body,
      ctx.actor.id,
      p,
    );
    const stmt = { text: mutationStatement(write, node, p, { body: wantBody, inserted: true }), p };
    let guard: GuardCheck | undefined;
    if (upsert && policy.guard && ctx.prefs.resolution === 'merge-duplicates') {
      const gp = new Params();
      guard = {
        sql: guardedConflictsSql(rel.name, node.alias, target, policy.guard, gp.add(JSON.stringify(payload.rows)), gp),
        p: gp,
        message: policy.guard.message,
      };
    }
    result = await inTransaction(ctx.pool, (client) => execWrite(ctx, client, stmt, guard));
  } else if (ctx.media === 'object' && wantBody) {
    throw singularityError(0);
  }
  const status = ctx.prefs.resolution === 'merge-duplicates' && upsert && result.inserted <= 0 && result.page > 0 ? 200 : 201;
  const headers: Record<string, string> = { 'content-range': contentRange(1, 0, ctx.prefs.count === 'exact' ? result.page : null) };
  const applied = preferenceApplied(ctx.prefs, [...(upsert ? (['resolution'] as const) : []), 'missing', 'return', 'count', 'handling']);
  if (applied) headers['preference-applied'] = applied;
  if (ctx.prefs.return === 'headers-only') {
    const location = locationOf(rel, result.body);
    if (location) headers.location = location;
    return { status, headers };
  }
  if (ctx.prefs.return !== 'representation') return { status, headers };
  const rep = representation(ctx, result.body);
  return { status, headers: { ...headers, ...rep.headers }, body: rep.body };
}

/** `Location: /table?pk=eq.value` for a single inserted row of a table with a primary key. */
function locationOf(rel: Relation, body: string | null): string | undefined {
  const rows = body ? (JSON.parse(body) as Record<string, unknown>[]) : [];
  if (rows.length !== 1 || !rel.pk.length) return undefined;
  const q = rel.pk.map((c) => `${encodeURIComponent(c)}=eq.${encodeURIComponent(String(rows[0]![c]))}`).join('&');
  return `/${encodeURIComponent(rel.name)}?${q}`;
}
