// `GET /api/search`: the Ctrl/Cmd-K palette's server-side search over config items and checks.
import { errorBodySchema, SEARCH_KINDS, searchQuerySchema, searchResponseSchema, type SearchKind } from '@ops/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { searchAll } from './search.service.js';

/** `?types=config,check`, each a known kind; all kinds when absent. */
function parseTypes(types: string | undefined): Set<SearchKind> {
  if (types === undefined) return new Set(SEARCH_KINDS);
  const kinds = types.split(',').map((t) => t.trim());
  for (const kind of kinds) {
    if (!(SEARCH_KINDS as readonly string[]).includes(kind)) {
      throw badRequest(`types: unknown type '${kind}' (use ${SEARCH_KINDS.join(', ')})`);
    }
  }
  return new Set(kinds as SearchKind[]);
}

/** Registers `GET /api/search` (any signed-in caller; each kind needs read on its resource). */
export async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const errors = { 400: errorBodySchema, 401: errorBodySchema };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/search',
      { schema: { tags: ['search'], querystring: searchQuerySchema, response: { 200: searchResponseSchema, ...errors } } },
      async (request) => {
        const started = performance.now();
        const { q, limit, types } = request.query;
        const kinds = parseTypes(types);
        // Health-only deployments serve no catalogue: their palette finds checks.
        if (ctx.config.OPS_MODE === 'health') kinds.delete('config');
        const results = await searchAll(ctx.db.kysely, { q, limit, kinds, roles: principalOf(request).roles });
        return { q, results, duration: Math.round(performance.now() - started) };
      },
    );
}
