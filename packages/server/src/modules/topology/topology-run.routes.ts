// POST /api/topology/{id}/run: run a topology now (write permission on topologies) and answer the run's
// outcome; 404 for an unknown topology, 409 while it runs, 422 when its stored spec is invalid.
import { errorBodySchema, topologyRunResponseSchema } from '@ops/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requirePermission } from '../../http/auth.js';
import { HttpError, notFound } from '../../http/errors.js';
import { TopologyValidationError } from './engine/index.js';
import { runTopologyNow, TopologyBusyError } from './topology.service.js';

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };

/** Registers the Run Now route of topologies. */
export async function topologyRunRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/topology/:id/run',
    {
      preHandler: requirePermission('topologies', 'write'),
      schema: { tags: ['topology'], params: z.object({ id: z.string() }), response: { 200: topologyRunResponseSchema, ...errors } },
    },
    async (request) => {
      try {
        const outcome = await runTopologyNow(ctx, request.params.id);
        if (!outcome) throw notFound(`Topology ${request.params.id} not found`);
        return outcome;
      } catch (err) {
        if (err instanceof TopologyBusyError) throw new HttpError(409, err.message);
        if (err instanceof TopologyValidationError) throw new HttpError(422, `The stored Topology is invalid: ${err.message}`);
        throw err;
      }
    },
  );
}
