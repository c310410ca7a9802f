// /api/canary: the health API — summary, graph, the /api check list and Run Now. The check
// scheduler is started by server.ts (unless OPS_JOBS=false).
import {
  can,
  maskSecrets,
  apiQuerySchema,
  apiResponseSchema,
  checkSummaryQuerySchema,
  checkSummaryResponseSchema,
  type CheckSummaryResponse,
  graphQuerySchema,
  graphResponseSchema,
  runNowResponseSchema,
} from '@ops/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requirePermission } from '../../http/auth.js';
import type { AppContext } from '../../context.js';
import { installHealthMode } from './health-mode.js';
import { HealthService } from './health.service.js';

const tags = ['health'];
const read = requirePermission('canaries', 'read');
// 10,000 rows are built from typed SQL results in code that the schema types; re-validating them with
// zod on every call would cost more than the query. The schema still documents the route (OpenAPI).
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** Registers the health routes (first of all modules: health-only mode guards every scope). */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.config.OPS_MODE === 'health') installHealthMode(app);
  const service = new HealthService(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/canary/api/summary',
    { preHandler: read, schema: { tags, querystring: checkSummaryQuerySchema, response: { 200: checkSummaryResponseSchema } } },
    async (request, reply) => {
      // PostgreSQL rendered the rows (see querySummaryPieces): the encoded JSON goes out as it is.
      const body = await service.summaryJson(request.query);
      return reply.type('application/json; charset=utf-8').send(body as unknown as CheckSummaryResponse);
    },
  );
  r.get(
    '/api/canary/api/graph',
    { preHandler: read, schema: { tags, querystring: graphQuerySchema, response: { 200: graphResponseSchema } } },
    async (request) => service.graph(request.query),
  );
  r.get(
    '/api/canary/api',
    {
      preHandler: read,
      serializerCompiler: plainJson,
      schema: { tags, querystring: apiQuerySchema, response: { 200: apiResponseSchema } },
    },
    async (request) => {
      const res = await service.api(request.query);
      // Credentials in check specs only for callers who may write canaries.
      if (can(principalOf(request).roles, 'canaries', 'write')) return res;
      return { ...res, checks: res.checks.map((c) => ('spec' in c && c.spec ? { ...c, spec: maskSecrets(c.spec) } : c)) };
    },
  );
  r.post(
    '/api/canary/run/check/:id',
    {
      preHandler: read,
      schema: {
        tags,
        params: z.object({ id: z.guid({ message: 'id must be the id of a check (a UUID)' }) }),
        response: { 200: runNowResponseSchema },
      },
    },
    async (request) => service.runNow(request.params.id, principalOf(request)),
  );
}
