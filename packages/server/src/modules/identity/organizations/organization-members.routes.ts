import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addOrganizationMemberRequestSchema, organizationInvitationSchema, organizationSchema } from '@ops/shared';
import { principalOf } from '../../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../../http/errors.js';
import type { AccessTokensRepository } from '../access-tokens.repository.js';
import { currentSession } from '../flows/session-cookie.js';
import type { IdentityServices } from '../identity-services.js';
import type { OrganizationsRepository } from './organizations.repository.js';

/**
 * Membership needs the member's consent: an owner's invitation is pending until its person accepts it in
 * a browser session (a bearer token, e.g. one a backend holds, cannot accept for them), and a pending
 * organisation is neither listed, selectable nor given a token.
 */
export async function organizationMemberRoutes(
  app: FastifyInstance,
  s: IdentityServices,
  orgs: OrganizationsRepository,
  tokens: AccessTokensRepository,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organizations'];
  const params = z.object({ id: z.string().uuid('id must be a UUID') });
  const browserPerson = async (request: FastifyRequest): Promise<string> => {
    const p = principalOf(request);
    if (p.via !== 'session' || !(await currentSession(request, s)))
      throw badRequest('Sign in with a browser session to answer an invitation');
    return p.id;
  };

  r.get(
    '/api/auth/organizations/invitations',
    { schema: { tags, response: { 200: z.array(organizationInvitationSchema) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return orgs.pendingFor(principalOf(request).id);
    },
  );

  r.post('/api/auth/organizations/:id/accept', { schema: { tags, params, response: { 200: organizationSchema } } }, async (request) => {
    const personId = await browserPerson(request);
    if (!(await orgs.accept(personId, request.params.id))) throw notFound(`No pending invitation to organization ${request.params.id}`);
    return (await orgs.membership(personId, request.params.id))!;
  });

  r.post('/api/auth/organizations/:id/decline', { schema: { tags, params } }, async (request, reply) => {
    const personId = await browserPerson(request);
    if (!(await orgs.decline(personId, request.params.id))) throw notFound(`No pending invitation to organization ${request.params.id}`);
    await tokens.revokeOrgTokens(request.params.id, personId);
    return reply.status(204).send();
  });

  r.post(
    '/api/auth/organizations/:id/members',
    { schema: { tags, params, body: addOrganizationMemberRequestSchema } },
    async (request, reply) => {
      const p = principalOf(request);
      const org = await orgs.membership(p.id, request.params.id);
      if (!org) throw notFound(`Organization ${request.params.id} not found`);
      if (org.role !== 'owner') throw forbidden('Only owners of the organization can add members');
      const personId = await s.credentials.activeIdByEmail(request.body.email);
      if (!personId) throw notFound(`No user with email ${request.body.email}`);
      await orgs.addMember(org.id, personId, p.id);
      return reply.status(204).send();
    },
  );
}
