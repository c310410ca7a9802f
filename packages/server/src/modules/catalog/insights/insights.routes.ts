// `PATCH /api/catalog/insights/{id}`: writers (roles that may write the catalogue, 'database') acknowledge
// (silence), resolve or reopen a finding. Reading insights goes through the data API (config_analysis).
import { errorBodySchema, insightStatusRequestSchema, insightStatusResponseSchema } from '@ops/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { principalOf, requirePermission } from '../../../http/auth.js';
import { notFound } from '../../../http/errors.js';
import { setInsightStatus } from './insight-status.repository.js';

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Registers the insight actions. */
export async function insightRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/catalog/insights/:id',
    {
      preHandler: requirePermission('database', 'write'),
      schema: {
        tags: ['catalog'],
        params: z.object({ id: z.string().uuid('must be a UUID') }),
        body: insightStatusRequestSchema,
        response: { 200: insightStatusResponseSchema, ...errors },
      },
    },
    async (request) => {
      const out = await setInsightStatus(ctx.db.kysely, request.params.id, request.body.status, principalOf(request).id);
      if (!out) throw notFound(`Insight ${request.params.id} not found`);
      return out;
    },
  );
}
