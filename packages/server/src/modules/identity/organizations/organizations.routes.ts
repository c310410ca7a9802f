import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOrganizationRequestSchema,
  organizationCurrentSchema,
  organizationListSchema,
  organizationSchema,
  organizationTokenSchema,
  selectOrganizationRequestSchema,
  updateOrganizationRequestSchema,
  type OrganizationCurrent,
} from '@ops/shared';
import { principalOf } from '../../../http/auth.js';
import { badRequest, forbidden, HttpError, notFound } from '../../../http/errors.js';
import { AccessTokensRepository } from '../access-tokens.repository.js';
import { publicOrigin } from '../flows/return-to.js';
import { currentSession } from '../flows/session-cookie.js';
import type { IdentityServices } from '../identity-services.js';
import { hashSecret } from '../tokens.js';
import { allowedBackendOrigins, checkBackendUrl, isAllowedBackend } from './backend-urls.js';
import { organizationMemberRoutes } from './organization-members.routes.js';
import { OrganizationsRepository, type OrgRow } from './organizations.repository.js';

// An organisation token is the person's bearer credential handed to another origin (the backend), where
// we cannot see what happens to it: if it leaks there (logs, a compromised backend) it is useful for 15
// minutes only. The web renews it a minute before expiry, so the short life costs one call per ~14 min.
const ORG_TOKEN_MINUTES = 15;

/**
 * Organisation mode: list the caller's organisations, create or change one (admins), select one for the
 * session (the org picker) and mint a short-lived bearer token for its backend. Tokens are minted only by
 * `POST /current/token`, which the web calls when the token it keeps is missing, revoked or about to
 * expire; select, create and `GET /current` never mint and list the caller's live token ids instead.
 */
export async function organizationRoutes(app: FastifyInstance, s: IdentityServices): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const orgs = new OrganizationsRepository(s.ctx.db);
  const tokens = new AccessTokensRepository(s.ctx.db);
  const tags = ['organizations'];
  const idParams = z.object({ id: z.string().uuid('id must be a UUID') });
  const allowed = (request: FastifyRequest) => allowedBackendOrigins(s.config.OPS_ORG_BACKEND_URLS, publicOrigin(s.config, request));

  const session = async (request: FastifyRequest) => {
    const current = await currentSession(request, s);
    if (!current || principalOf(request).via !== 'session') throw badRequest('Sign in with a browser session to choose an organization');
    return current;
  };
  const requireAdmin = (request: FastifyRequest, what: string) => {
    if (!principalOf(request).roles.includes('admin')) throw forbidden(`Only admins can ${what}`);
  };
  // A row stored before the allow-list (or left behind when it shrank) never receives a token.
  const usable = (request: FastifyRequest, org: OrgRow): OrgRow => {
    if (!isAllowedBackend(org.backend_url, allowed(request))) {
      throw new HttpError(
        409,
        `The backend_url of ${org.name} (${org.backend_url}) is not in OPS_ORG_BACKEND_URLS; an admin must change it`,
      );
    }
    return org;
  };
  const describe = async (request: FastifyRequest, org: OrgRow): Promise<OrganizationCurrent> => ({
    organization: org,
    backend_url: org.backend_url ?? publicOrigin(s.config, request),
    tokens: await tokens.liveOrgTokens(principalOf(request).id, org.id),
  });
  const selected = async (request: FastifyRequest): Promise<OrgRow> => {
    const current = await currentSession(request, s);
    const org = current?.row.organization_id ? await orgs.membership(principalOf(request).id, current.row.organization_id) : undefined;
    if (!org) throw notFound('No organization selected');
    return usable(request, org);
  };

  r.get('/api/auth/organizations', { schema: { tags, response: { 200: organizationListSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const current = await currentSession(request, s);
    const list = await orgs.listFor(principalOf(request).id);
    const chosen = current?.row.organization_id;
    return { organizations: list, selected: list.some((o) => o.id === chosen) ? chosen! : null };
  });

  r.post(
    '/api/auth/organizations',
    { schema: { tags, body: createOrganizationRequestSchema, response: { 201: organizationCurrentSchema } } },
    async (request, reply) => {
      requireAdmin(request, 'create organizations');
      const current = await session(request);
      const backend = request.body.backend_url ? checkBackendUrl(request.body.backend_url, allowed(request)) : null;
      const org = await orgs.create(request.body.name, backend, principalOf(request).id);
      await s.identity.sessions.setOrganization(hashSecret(current.secret), org.id);
      return reply.status(201).send(await describe(request, org));
    },
  );

  r.patch(
    '/api/auth/organizations/:id',
    { schema: { tags, params: idParams, body: updateOrganizationRequestSchema, response: { 200: organizationSchema } } },
    async (request) => {
      requireAdmin(request, 'change organizations or their backend_url');
      const org = await orgs.membership(principalOf(request).id, request.params.id);
      if (!org) throw notFound(`Organization ${request.params.id} not found`);
      if (org.role !== 'owner') throw forbidden('Only owners of the organization can change it');
      const { name, backend_url } = request.body;
      const backend = backend_url === undefined ? undefined : backend_url === null ? null : checkBackendUrl(backend_url, allowed(request));
      await orgs.update(org.id, { name, backend_url: backend });
      if (backend !== undefined && backend !== org.backend_url) {
        // Tokens were handed to the old address; nobody keeps using them against the new one.
        await tokens.revokeOrgTokens(org.id);
        s.identity.invalidate();
      }
      return (await orgs.membership(principalOf(request).id, org.id))!;
    },
  );

  r.post(
    '/api/auth/organizations/select',
    { schema: { tags, body: selectOrganizationRequestSchema, response: { 200: organizationCurrentSchema } } },
    async (request) => {
      const current = await session(request);
      const p = principalOf(request);
      const org = await orgs.membership(p.id, request.body.organization_id);
      if (!org) {
        const pending = await orgs.pendingFor(p.id, request.body.organization_id);
        if (pending[0]) throw new HttpError(409, `Accept the invitation to ${pending[0].organization.name} before selecting it`);
        throw notFound(`Organization ${request.body.organization_id} not found`);
      }
      usable(request, org);
      await s.identity.sessions.setOrganization(hashSecret(current.secret), org.id);
      return describe(request, org);
    },
  );

  r.get('/api/auth/organizations/current', { schema: { tags, response: { 200: organizationCurrentSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return describe(request, await selected(request));
  });

  r.post(
    '/api/auth/organizations/current/token',
    { schema: { tags, response: { 201: organizationTokenSchema } } },
    async (request, reply) => {
      await session(request);
      const org = await selected(request);
      const p = principalOf(request);
      await tokens.deleteExpiredOrgTokens(p.id);
      const expiresAt = new Date(Date.now() + ORG_TOKEN_MINUTES * 60_000);
      const { id, token } = await tokens.createOrgToken({
        personId: p.id,
        organizationId: org.id,
        name: `organization:${org.slug}`,
        expiresAt,
      });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({
          id,
          organization_id: org.id,
          backend_url: org.backend_url ?? publicOrigin(s.config, request),
          token,
          expires_at: expiresAt.toISOString(),
        });
    },
  );

  await organizationMemberRoutes(app, s, orgs, tokens);
}
