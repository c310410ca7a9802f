// /api/connections: the connection store's typed API, for admins only (editors and every other role get
// 403). Every answer is masked; docs/adr/0017-connections-api.md says why these are typed endpoints
// rather than data-API relations.
import {
  connectionInputSchema,
  connectionListQuerySchema,
  connectionListSchema,
  connectionPatchSchema,
  connectionViewSchema,
} from '@ops/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { principalOf, requirePermission } from '../../http/auth.js';
import { ConnectionsService } from './connections.service.js';

const tags = ['connections'];
// Checked before the body is validated, so that a caller who may not write learns that first.
const read = requirePermission('connections', 'read');
const write = requirePermission('connections', 'write');
const params = z.object({ id: z.guid({ message: 'id must be the id of a connection (a UUID)' }) });

export async function connectionsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = new ConnectionsService(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/connections',
    { preValidation: read, schema: { tags, querystring: connectionListQuerySchema, response: { 200: connectionListSchema } } },
    async (request) => service.list(request.query),
  );
  r.get(
    '/api/connections/:id',
    { preValidation: read, schema: { tags, params, response: { 200: connectionViewSchema } } },
    async (request) => service.get(request.params.id),
  );
  r.post(
    '/api/connections',
    { preValidation: write, schema: { tags, body: connectionInputSchema, response: { 201: connectionViewSchema } } },
    async (request, reply) => reply.status(201).send(await service.create(request.body, principalOf(request))),
  );
  r.patch(
    '/api/connections/:id',
    { preValidation: write, schema: { tags, params, body: connectionPatchSchema, response: { 200: connectionViewSchema } } },
    async (request) => service.update(request.params.id, request.body),
  );
  r.delete('/api/connections/:id', { preValidation: write, schema: { tags, params } }, async (request, reply) => {
    await service.delete(request.params.id);
    return reply.status(204).send();
  });
}
