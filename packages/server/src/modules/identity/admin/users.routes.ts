import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inviteUserRequestSchema,
  inviteUserResponseSchema,
  updateRoleRequestSchema,
  updateUserRequestSchema,
  userRowSchema,
} from '@ops/shared';
import { principalOf, requirePermission } from '../../../http/auth.js';
import { badRequest } from '../../../http/errors.js';
import { publicOrigin } from '../flows/return-to.js';
import type { IdentityServices } from '../identity-services.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

const IdParams = z.object({ id: z.string().uuid('id must be a UUID') });
const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().max(200).optional(),
});

// The user form's validation texts are answered as they are, without the field-path prefix.
function rejectInvalid(request: FastifyRequest): void {
  const err = request.validationError as (Error & { validation?: { message?: string }[] }) | undefined;
  if (err) throw badRequest(err.validation?.[0]?.message ?? err.message);
}

/** `/api/auth/invite_user`, `/api/auth/identities` and `/api/rbac/{id}/update_role`. */
export async function usersRoutes(app: FastifyInstance, s: IdentityServices): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const users = new UsersService(s, new UsersRepository(s.ctx.db));
  const tags = ['users'];
  const read = requirePermission('identities', 'read');
  const write = requirePermission('identities', 'write');

  r.post(
    '/api/auth/invite_user',
    {
      preHandler: write,
      attachValidation: true,
      schema: { tags, body: inviteUserRequestSchema, response: { 200: inviteUserResponseSchema } },
    },
    async (request) => {
      rejectInvalid(request);
      return users.invite(request.body, principalOf(request), publicOrigin(s.config, request));
    },
  );

  r.get(
    '/api/auth/identities',
    { preHandler: read, schema: { tags, querystring: ListQuery, response: { 200: z.array(userRowSchema) } } },
    async (request, reply) => {
      const { rows, total } = await users.list(request.query);
      reply.header('x-total-count', String(total)).header('cache-control', 'no-store');
      return rows;
    },
  );

  r.patch(
    '/api/auth/identities/:id',
    {
      preHandler: write,
      attachValidation: true,
      schema: { tags, params: IdParams, body: updateUserRequestSchema, response: { 200: userRowSchema } },
    },
    async (request) => {
      rejectInvalid(request);
      return users.update(request.params.id, request.body);
    },
  );

  r.delete('/api/auth/identities/:id', { preHandler: write, schema: { tags, params: IdParams } }, async (request, reply) => {
    await users.delete(request.params.id);
    return reply.status(204).send();
  });

  r.post(
    '/api/rbac/:id/update_role',
    {
      preHandler: requirePermission('rbac', 'write'),
      attachValidation: true,
      schema: { tags: ['rbac'], params: IdParams, body: updateRoleRequestSchema, response: { 200: userRowSchema } },
    },
    async (request) => {
      rejectInvalid(request);
      return users.update(request.params.id, { role: request.body.role });
    },
  );
}
