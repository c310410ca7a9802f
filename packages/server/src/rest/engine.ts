import type pg from 'pg';
import { PgrstError } from './errors.js';
import type { HandlerContext } from './exec/context.js';
import { fromDatabaseError } from './exec/db-errors.js';
import { handleInsert } from './exec/insert.js';
import { handleDelete, handleUpdate } from './exec/modify.js';
import { handlePut } from './exec/put.js';
import { runRead } from './exec/read.js';
import { handleRpc } from './exec/rpc.js';
import { closest } from './fuzzy.js';
import { negotiateMedia, stripNulls } from './parse/accept.js';
import { parsePrefer } from './parse/prefer.js';
import { parseQuery } from './parse/query-string.js';
import { requireRead } from './plan/rbac.js';
import type { Registry } from './registry.js';
import { loadSchemaCache } from './schema/load.js';
import type { Relation, SchemaCache } from './schema/model.js';
import type { RelationPolicy, RestRequest, RestResponse } from './types.js';

export interface EngineOptions {
  pool: pg.Pool;
  registry: Registry;
  /** The exposed schema (default 'public'). */
  schema?: string;
  /** Where unexpected (500) errors and registry problems are reported. */
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** `Prefer: count=estimated` counts exactly while the planner expects at most this many rows (default 10 000). */
  estimatedCountThreshold?: number;
}

// A relation missing from the cache triggers at most one re-introspection per this interval.
const REFRESH_ON_MISS_MS = 2_000;

/**
 * The PostgREST-compatible engine: introspects the schema once (and on `refresh()`), exposes only
 * registered relations and functions, and answers requests as `RestResponse`s in PostgREST's format.
 */
export class RestEngine {
  readonly registry: Registry;
  private cache?: SchemaCache;
  private loading?: Promise<SchemaCache>;
  private lastMissRefresh = 0;

  constructor(private readonly opts: EngineOptions) {
    this.registry = opts.registry;
  }

  /** Re-read the schema (after migrations, or when tests create tables); concurrent calls share one load. */
  async refresh(): Promise<SchemaCache> {
    this.loading ??= loadSchemaCache(this.opts.pool, this.opts.schema ?? 'public')
      .then((c) => {
        this.cache = c;
        this.warnUnknown(c);
        return c;
      })
      .finally(() => (this.loading = undefined));
    return this.loading;
  }

  /** The current schema cache (loading it on first use). */
  async schemaCache(): Promise<SchemaCache> {
    return this.cache ?? this.refresh();
  }

  /** Answer one request; every failure becomes PostgREST's error JSON with its status. */
  async handle(req: RestRequest): Promise<RestResponse> {
    try {
      return await this.dispatch(req);
    } catch (err) {
      let e: PgrstError;
      try {
        e = fromDatabaseError(err, req.target.kind === 'rpc');
      } catch {
        this.opts.log?.error({ err }, 'data API request failed');
        e = new PgrstError(500, 'PGRSTX00', 'Internal server error');
      }
      // A 503 (database unreachable or cancelled) tells clients when to try again.
      const retry: Record<string, string> = e.status === 503 ? { 'retry-after': '5' } : {};
      return {
        status: e.status,
        headers: { 'content-type': 'application/json; charset=utf-8', ...retry, ...e.headers },
        body: JSON.stringify(e),
      };
    }
  }

  private async dispatch(req: RestRequest): Promise<RestResponse> {
    if (!req.actor) throw new PgrstError(401, 'PGRST302', 'Anonymous access is disabled');
    const { kind: media, stripNulls: strip } = negotiateMedia(req.headers.accept);
    const res = await this.answer(req, media);
    if (!strip || typeof res.body !== 'string' || res.status >= 300 || media === 'csv') return res;
    const type = media === 'object' ? 'application/vnd.pgrst.object+json' : 'application/vnd.pgrst.array+json';
    return { ...res, headers: { ...res.headers, 'content-type': `${type}; nulls=stripped; charset=utf-8` }, body: stripNulls(res.body) };
  }

  private async answer(req: RestRequest, media: HandlerContext['media']): Promise<RestResponse> {
    const prefs = parsePrefer(req.headers.prefer);
    let cache = await this.schemaCache();
    if (req.target.kind === 'rpc') {
      const ctx: HandlerContext = this.context(cache, req, prefs, media);
      return handleRpc(ctx, req.target.name);
    }
    const policy = this.registry.relation(req.target.name);
    if (!policy) throw this.tableNotFound(req.target.name);
    let rel = cache.relations.get(policy.name);
    if (!rel && Date.now() - this.lastMissRefresh > REFRESH_ON_MISS_MS) {
      this.lastMissRefresh = Date.now();
      cache = await this.refresh();
      rel = cache.relations.get(policy.name);
    }
    if (!rel) throw this.tableNotFound(req.target.name);
    return this.relationRequest(this.context(cache, req, prefs, media), rel, policy);
  }

  private relationRequest(ctx: HandlerContext, rel: Relation, policy: RelationPolicy): Promise<RestResponse> {
    switch (ctx.req.method) {
      case 'GET':
      case 'HEAD':
        requireRead(ctx.actor, policy);
        return runRead(ctx, { rel, policy, relationshipSource: rel.name, query: parseQuery(ctx.req.rawQuery), db: ctx.pool });
      case 'POST':
        return handleInsert(ctx, rel, policy);
      case 'PATCH':
        return handleUpdate(ctx, rel, policy);
      case 'PUT':
        return handlePut(ctx, rel, policy);
      case 'DELETE':
        return handleDelete(ctx, rel, policy);
      case 'OPTIONS':
        requireRead(ctx.actor, policy);
        return Promise.resolve({ status: 200, headers: { allow: allowedMethods(policy) } });
      default:
        throw new PgrstError(405, 'PGRST117', `Unsupported HTTP method: ${ctx.req.method}`);
    }
  }

  private context(cache: SchemaCache, req: RestRequest, prefs: HandlerContext['prefs'], media: HandlerContext['media']): HandlerContext {
    return {
      pool: this.opts.pool,
      cache,
      registry: this.registry,
      actor: req.actor!,
      req,
      prefs,
      media,
      estimatedCountThreshold: this.opts.estimatedCountThreshold ?? 10_000,
    };
  }

  private tableNotFound(name: string): PgrstError {
    const schema = this.opts.schema ?? 'public';
    const near = closest(name, this.registry.relationNames(), 0.6);
    return new PgrstError(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${name}' in the schema cache`,
      null,
      near ? `Perhaps you meant the table '${schema}.${near}'` : null,
    );
  }

  private warnUnknown(cache: SchemaCache): void {
    for (const name of this.registry.relationNames()) {
      if (!cache.relations.has(name))
        this.opts.log?.warn({ relation: name }, 'data API: registered relation does not exist in the database');
    }
  }
}

// The Allow header of OPTIONS on a relation, as PostgREST sends it: reads always, writes as the relation takes them.
function allowedMethods(policy: RelationPolicy): string {
  const ops = policy.operations ?? [];
  const methods = ['OPTIONS', 'GET', 'HEAD'];
  if (ops.includes('insert') || ops.includes('upsert')) methods.push('POST');
  if (ops.includes('upsert')) methods.push('PUT');
  if (ops.includes('update')) methods.push('PATCH');
  if (ops.includes('delete')) methods.push('DELETE');
  return methods.join(',');
}
