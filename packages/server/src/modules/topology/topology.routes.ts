// The topology read API: the dashboard's tree (GET /api/canary/api/topology) and a component's
// snapshot archive (GET /api/snapshot/topology/{id}); both read the topologies resource.
import { topologyComponentFieldsSchema, topologyTreeQuerySchema, topologyTreeResponseSchema } from '@ops/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requirePermission } from '../../http/auth.js';
import { topologyTree } from './read/topology-tree.js';
import { topologySnapshot } from './snapshot/topology-snapshot.js';

const tags = ['topology'];
const read = requirePermission('topologies', 'read');

// The tree as OpenAPI documents it: the shared schema is recursive (children nest as deep as asked),
// which the document generator cannot reference, so nested levels are described, not expanded.
const treeDocSchema = topologyTreeResponseSchema.extend({
  components: z.array(
    topologyComponentFieldsSchema.extend({
      components: z.array(z.looseObject({})).optional().describe('Children, each a component nested the same way'),
    }),
  ),
});

const snapshotQuerySchema = z.object({
  /** A duration ago (2h), date math (now-2h) or an ISO timestamp; default one hour ago. */
  start: z.string().max(100).optional(),
  related: z
    .enum(['true', 'false'], { message: "must be 'true' or 'false'" })
    .transform((v) => v === 'true')
    .optional(),
});

/** Registers the topology tree and snapshot routes. */
export async function topologyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/canary/api/topology',
    { preHandler: read, schema: { tags, querystring: topologyTreeQuerySchema, response: { 200: treeDocSchema } } },
    async (request, reply) => {
      // Thousands of components arrive as JSON text rendered by PostgreSQL: sent as they are, not
      // parsed, validated and re-serialised (the schema still documents the route).
      const body = await topologyTree(ctx.db, request.query);
      return reply.type('application/json; charset=utf-8').send(body as unknown as z.infer<typeof treeDocSchema>);
    },
  );
  r.get(
    '/api/snapshot/topology/:id',
    {
      preHandler: read,
      schema: {
        tags,
        params: z.object({ id: z.guid({ message: 'id must be the id of a component (a UUID)' }) }),
        querystring: snapshotQuerySchema,
      },
    },
    async (request, reply) => {
      const snap = await topologySnapshot(ctx.db, request.params.id, request.query);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${snap.filename}"`)
        .header('cache-control', 'no-store')
        .send(snap.archive);
    },
  );
}
