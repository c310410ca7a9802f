import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessTokenRowSchema, createTokenRequestSchema, createTokenResponseSchema } from '@ops/shared';
import { principalOf } from '../../http/auth.js';
import { forbidden, notFound } from '../../http/errors.js';
import { AccessTokensRepository } from './access-tokens.repository.js';
import type { IdentityServices } from './identity-services.js';

const UNIT_MS = { h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** '30d' → a date that far ahead; 'never' or nothing → no expiry. */
export function expiryOf(expiry: string | undefined, now = Date.now()): Date | null {
  if (!expiry || expiry === 'never') return null;
  const m = /^(\d+)([hdw])$/.exec(expiry)!;
  return new Date(now + Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS]);
}

/**
 * Personal access tokens of the caller (`/api/auth/tokens`): the value is shown once at creation and
 * works as `Authorization: Bearer` for the API and the CLI. A token cannot mint further tokens. The list
 * also holds the caller's live organisation tokens (marked with `organization`) so they can be revoked.
 */
export async function tokensRoutes(app: FastifyInstance, s: IdentityServices): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = new AccessTokensRepository(s.ctx.db);
  const tags = ['auth'];

  r.get('/api/auth/tokens', { schema: { tags, response: { 200: z.array(accessTokenRowSchema) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return repo.listOwn(principalOf(request).id);
  });

  r.post(
    '/api/auth/tokens',
    { schema: { tags, body: createTokenRequestSchema, response: { 201: createTokenResponseSchema } } },
    async (request, reply) => {
      const p = principalOf(request);
      if (p.via === 'token') throw forbidden('Access tokens cannot create access tokens; sign in to create one');
      const { id, token } = await s.identity.createAccessToken({
        name: request.body.name,
        personId: p.id,
        createdBy: p.id,
        expiresAt: expiryOf(request.body.expiry),
      });
      const row = await repo.getOwn(p.id, id);
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ ...row!, token });
    },
  );

  r.delete(
    '/api/auth/tokens/:id',
    { schema: { tags, params: z.object({ id: z.string().uuid('id must be a UUID') }) } },
    async (request, reply) => {
      const p = principalOf(request);
      if (!(await repo.revokeOwn(p.id, request.params.id))) throw notFound(`Token ${request.params.id} not found`);
      s.identity.invalidate();
      return reply.status(204).send();
    },
  );
}
