import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addOrganizationMemberRequestSchema,
  createOrganizationRequestSchema,
  organizationListSchema,
  organizationSessionSchema,
  selectOrganizationRequestSchema,
  type OrganizationSession,
} from '@ops/shared';
import { principalOf } from '../../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../../http/errors.js';
import { AccessTokensRepository } from '../access-tokens.repository.js';
import { publicOrigin } from '../flows/return-to.js';
import { currentSession } from '../flows/session-cookie.js';
import type { IdentityServices } from '../identity-services.js';
import { hashSecret } from '../tokens.js';
import { OrganizationsRepository, type OrgRow } from './organizations.repository.js';

// Organisation tokens are short-lived; the web asks /current again before this runs out.
const ORG_TOKEN_HOURS = 12;

/**
 * Organisation mode: list the caller's organisations, create one, select one for the session (the org
 * picker), and get a bearer token for the organisation's backend address (`/organizations/orgs-switched`).
 */
export async function organizationRoutes(app: FastifyInstance, s: IdentityServices): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const orgs = new OrganizationsRepository(s.ctx.db);
  const tokens = new AccessTokensRepository(s.ctx.db);
  const tags = ['organizations'];

  const session = async (request: FastifyRequest) => {
    const current = await currentSession(request, s);
    if (!current || principalOf(request).via !== 'session') throw badRequest('Sign in with a browser session to choose an organization');
    return current;
  };

  const issue = async (request: FastifyRequest, org: OrgRow): Promise<OrganizationSession> => {
    const p = principalOf(request);
    await tokens.deleteExpiredOrgTokens(p.id);
    const expiresAt = new Date(Date.now() + ORG_TOKEN_HOURS * 3_600_000);
    const { id, token } = await s.identity.createAccessToken({
      name: `organization:${org.slug}`,
      personId: p.id,
      createdBy: p.id,
      expiresAt,
    });
    await tokens.setOrganization(id, org.id);
    return {
      organization: org,
      backend_url: org.backend_url ?? publicOrigin(s.config, request),
      token,
      expires_at: expiresAt.toISOString(),
    };
  };

  r.get('/api/auth/organizations', { schema: { tags, response: { 200: organizationListSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const current = await currentSession(request, s);
    return { organizations: await orgs.listFor(principalOf(request).id), selected: current?.row.organization_id ?? null };
  });

  r.post(
    '/api/auth/organizations',
    { schema: { tags, body: createOrganizationRequestSchema, response: { 201: organizationSessionSchema } } },
    async (request, reply) => {
      const current = await session(request);
      const org = await orgs.create(request.body.name, request.body.backend_url ?? null, principalOf(request).id);
      await s.identity.sessions.setOrganization(hashSecret(current.secret), org.id);
      return reply.status(201).send(await issue(request, org));
    },
  );

  r.post(
    '/api/auth/organizations/select',
    { schema: { tags, body: selectOrganizationRequestSchema, response: { 200: organizationSessionSchema } } },
    async (request) => {
      const current = await session(request);
      const org = await orgs.membership(principalOf(request).id, request.body.organization_id);
      if (!org) throw notFound(`Organization ${request.body.organization_id} not found`);
      await s.identity.sessions.setOrganization(hashSecret(current.secret), org.id);
      return issue(request, org);
    },
  );

  r.get('/api/auth/organizations/current', { schema: { tags, response: { 200: organizationSessionSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const current = await currentSession(request, s);
    const org = current?.row.organization_id ? await orgs.membership(principalOf(request).id, current.row.organization_id) : undefined;
    if (!org) throw notFound('No organization selected');
    return issue(request, org);
  });

  r.post(
    '/api/auth/organizations/:id/members',
    { schema: { tags, params: z.object({ id: z.string().uuid('id must be a UUID') }), body: addOrganizationMemberRequestSchema } },
    async (request, reply) => {
      const org = await orgs.membership(principalOf(request).id, request.params.id);
      if (!org) throw notFound(`Organization ${request.params.id} not found`);
      if (org.role !== 'owner') throw forbidden('Only owners of the organization can add members');
      const personId = await s.credentials.activeIdByEmail(request.body.email);
      if (!personId) throw notFound(`No user with email ${request.body.email}`);
      await orgs.addMember(org.id, personId);
      return reply.status(204).send();
    },
  );
}
