import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { Registry, RestEngine, mountRestApi } from '../../rest/index.js';
import { guardCodeWrites } from '../../sandbox/data-api-guard.js';
import { RELATIONS, RPC_FUNCTIONS } from '../relations.js';

const engines = new WeakMap<FastifyInstance, RestEngine>();

/**
 * `/api/db/*`: the PostgREST-compatible data API over every registered relation. Introspection runs
 * here, after migrations; the engine re-reads the schema on `refresh()`.
 */
export async function dataRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const engine = new RestEngine({ pool: ctx.db.pool, registry: new Registry(RELATIONS, RPC_FUNCTIONS), log: ctx.log });
  await engine.refresh();
  engines.set(app, engine);
  // Writes of code-executing canaries and scrapers may be restricted to admins.
  app.addHook('preHandler', async (request) => guardCodeWrites(request, ctx.db));
  await mountRestApi(app, engine, {
    prefix: '/api/db',
    actor: (request) => (request.principal ? { id: request.principal.id, roles: request.principal.roles } : undefined),
  });
}

/** The data-API engine of an app: to refresh its schema cache or register relations at runtime (tests). */
export function dataEngineOf(app: FastifyInstance): RestEngine | undefined {
  return engines.get(app);
}
