import type pg from 'pg';
import { PgrstError, singularityError, unsupportedMethod } from '../errors.js';
import { contentType } from '../parse/accept.js';
import type { ParsedQuery } from '../parse/ast.js';
import type { PlanNode } from '../plan/model.js';
import { planRead } from '../plan/read-plan.js';
import { requireRead, requireWrite } from '../plan/rbac.js';
import type { Relation } from '../schema/model.js';
import type { Params } from '../sql/builder.js';
import type { ServerSet } from '../sql/write.js';
import type { RelationPolicy, WriteOperation } from '../types.js';
import type { HandlerContext } from './context.js';
import { jsonToCsv } from './csv.js';
import { runStatement } from './statements.js';

/** RBAC write permission, the relation's allowed operations, and read permission when rows are returned. */
export function authorizeWrite(ctx: HandlerContext, policy: RelationPolicy, op: WriteOperation): void {
  requireWrite(ctx.actor, policy);
  const ops = policy.operations ?? [];
  if (!ops.includes(op)) throw unsupportedMethod(ctx.req.method, policy.name, ops);
  if (ctx.prefs.return === 'representation' || ctx.prefs.return === 'headers-only') requireRead(ctx.actor, policy);
}

/** The plan of the returned representation (select, embeds) and of the root filters of PATCH/DELETE. */
export function planMutation(ctx: HandlerContext, rel: Relation, policy: RelationPolicy, query: ParsedQuery): PlanNode {
  return planRead({
    cache: ctx.cache,
    registry: ctx.registry,
    actor: ctx.actor,
    rel,
    policy,
    relationshipSource: rel.name,
    query,
    rootRange: query.ranges.get('') ?? { offset: 0 },
  });
}

/** Server-owned columns that get a value on insert or on update (columns missing from the relation are skipped). */
export function serverSets(rel: Relation, policy: RelationPolicy, when: 'insert' | 'update'): ServerSet[] {
  const out: ServerSet[] = [];
  for (const [name, spec] of Object.entries(policy.serverOwned ?? {})) {
    const value = spec[when];
    const column = rel.columns.get(name);
    if (value && column) out.push({ column, value });
  }
  return out;
}

/** Result of a write statement: affected rows, inserted rows (upserts), and the JSON representation. */
export interface WriteResult {
  page: number;
  inserted: number;
  body: string | null;
}

/** A row-guard query to run before the write, and the 403 message when it finds a row. */
export interface GuardCheck {
  sql: string;
  p: Params;
  message: string;
}

/** Run the optional guard check and the write statement on the transaction; enforce single-object and max-affected. */
export async function execWrite(
  ctx: HandlerContext,
  client: pg.PoolClient,
  stmt: { text: string; p: Params },
  guard?: GuardCheck,
): Promise<WriteResult> {
  if (guard) {
    const hit = await runStatement(client, guard.sql, guard.p.values);
    if (hit.rowCount) throw new PgrstError(403, '42501', guard.message, null, null);
  }
  const res = await runStatement(client, stmt.text, stmt.p.values);
  const row = res.rows[0] as [number, number | null, string | null];
  const out = { page: Number(row[0]), inserted: Number(row[1] ?? 0), body: row[2] };
  if (ctx.media === 'object' && ctx.prefs.return === 'representation' && out.page !== 1) throw singularityError(out.page);
  const max = ctx.prefs.maxAffected;
  if (ctx.prefs.handling === 'strict' && max !== undefined && out.page > max) {
    throw new PgrstError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${out.page} rows`);
  }
  return out;
}

/** The response body of a representation in the negotiated media type. */
export function representation(ctx: HandlerContext, body: string | null): { headers: Record<string, string>; body: string } {
  const json = body ?? '[]';
  const headers = { 'content-type': contentType(ctx.media) };
  if (ctx.media === 'csv') return { headers, body: jsonToCsv(json) };
  if (ctx.media === 'object') return { headers, body: json.slice(1, -1) };
  return { headers, body: json };
}

/** 400 for PATCH/DELETE without any filter on the root: a typo must not change every row. */
/**
 * Beyond PostgREST, which ignores them: a PATCH or DELETE whose query string holds a parameter that is not
 * a filter (e.g. `value=eqq.keep`, a mistyped operator) is refused, since ignoring it would change or delete
 * rows the caller meant to keep. Reads keep PostgREST's behaviour.
 */
export function refuseStrayParams(query: ParsedQuery, verb: 'UPDATE' | 'DELETE'): void {
  const [key, value] = query.params[0] ?? [];
  if (key === undefined) return;
  throw new PgrstError(
    400,
    'PGRST100',
    `'${key}=${value}' is not a filter: ${verb} refuses query parameters it cannot read`,
    `No row was ${verb === 'UPDATE' ? 'changed' : 'deleted'}`,
    `A filter is column=operator.value (e.g. ${key}=eq.${value?.replace(/^[^.]*\./, '') ?? ''})`,
  );
}

export function requireFilter(node: PlanNode, verb: 'UPDATE' | 'DELETE'): void {
  if (node.where.length) return;
  throw new PgrstError(
    400,
    '21000',
    `${verb} requires a WHERE clause`,
    `Add a filter on '${node.rel.name}', e.g. ?id=eq.<id>, to choose the rows to ${verb === 'UPDATE' ? 'change' : 'delete'}`,
    null,
  );
}
