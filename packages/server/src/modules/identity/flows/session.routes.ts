import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthConfig } from '@ops/shared';
import { badRequest } from '../../../http/errors.js';
import type { IdentityServices } from '../identity-services.js';
import { hashSecret } from '../tokens.js';
import { parseFlowBody } from './flow-body.js';
import { flowErrors, type FlowError } from './flow-errors.js';
import type { FlowCall } from './flow-engine.js';
import { sessionJson } from './kratos-session.js';
import { msg } from './nodes.js';
import { oidcCallback } from './oidc-callback.js';
import { checkReturnTo } from './return-to.js';
import { clearSessionCookie, currentSession, issueSession, method, sessionSufficient } from './session-cookie.js';
import { createSettingsFlow } from './settings.flow.js';
import { aal2LoginUrl } from './success.js';

const logoutToken = (secret: string) => hashSecret(`logout:${secret}`);
const wantsJson = (r: FastifyRequest) => (r.headers.accept ?? '').includes('application/json');

/** Session check, logout, flow errors, the OIDC callback, invitation links and the public auth config. */
export async function sessionRoutes(
  scope: FastifyInstance,
  s: IdentityServices,
  call: (request: FastifyRequest, reply: FastifyReply) => FlowCall,
  ipLimit: { max: number; timeWindow: string; errorResponseBuilder: () => FlowError },
): Promise<void> {
  const tags = ['auth'];
  const pub = { public: true };

  // Kratos' toSession: 401 without a session, 403 session_aal2_required while the second factor is due.
  scope.get(
    '/api/auth/sessions/whoami',
    { config: pub, schema: { tags, summary: 'The current session (Kratos shape)' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const current = await currentSession(request, s);
      if (!current) throw flowErrors.inactive();
      if (!sessionSufficient(current.row)) {
        const returnTo = checkReturnTo((request.query as { return_to?: string }).return_to, call(request, reply).origin);
        throw flowErrors.aal2Required(aal2LoginUrl(returnTo ?? undefined));
      }
      return sessionJson(s, current.row, current.identity);
    },
  );

  scope.get(
    '/api/auth/self-service/logout/browser',
    { config: pub, schema: { tags, summary: 'Logout URL for this browser session' } },
    async (request) => {
      const current = await currentSession(request, s);
      if (!current || current.via !== 'cookie') throw flowErrors.inactive();
      const token = logoutToken(current.secret);
      return { logout_url: `/api/auth/self-service/logout?token=${token}`, logout_token: token };
    },
  );

  // The token is bound to the session cookie, so another site cannot sign the person out.
  scope.get(
    '/api/auth/self-service/logout',
    { config: pub, schema: { tags, summary: 'Perform a browser logout' } },
    async (request, reply) => {
      const q = request.query as { token?: string; return_to?: string };
      const current = await currentSession(request, s);
      if (!current || current.via !== 'cookie') throw flowErrors.inactive();
      if (q.token !== logoutToken(current.secret)) throw flowErrors.csrf();
      const returnTo = checkReturnTo(q.return_to, call(request, reply).origin);
      if (returnTo === null) throw flowErrors.returnToForbidden(String(q.return_to));
      await s.identity.endSession(current.secret);
      clearSessionCookie(reply);
      if (wantsJson(request)) return reply.status(204).send();
      return reply.redirect(returnTo ?? '/login', 303);
    },
  );

  // Bodies in this scope arrive as text (see flows.routes.ts).
  scope.delete(
    '/api/auth/self-service/logout/api',
    { config: pub, schema: { tags, summary: 'Revoke a session token' } },
    async (request, reply) => {
      const parsed = parseFlowBody(request.body, request.headers['content-type']);
      const token = parsed.ok ? parsed.body.session_token : undefined;
      if (typeof token !== 'string' || !token) throw badRequest('session_token is required');
      if (!(await s.identity.sessionOf(token))) throw flowErrors.inactive();
      await s.identity.endSession(token);
      return reply.status(204).send();
    },
  );

  scope.get('/api/auth/self-service/errors', { config: pub, schema: { tags, summary: 'A stored flow error' } }, async (request, reply) => {
    const row = await s.flows.getError((request.query as { id?: string }).id ?? '');
    if (!row) return reply.status(404).send(flowErrors.notFound().body());
    const at = row.created_at.toISOString();
    return { id: row.id, error: row.error, created_at: at, updated_at: at };
  });

  scope.get(
    '/api/auth/self-service/methods/oidc/callback/:provider',
    { config: { ...pub, rateLimit: ipLimit }, schema: { tags, summary: 'OIDC redirect target' } },
    async (request, reply) => {
      const target = await oidcCallback(
        call(request, reply),
        (request.params as { provider: string }).provider,
        request.query as Record<string, string>,
      );
      return reply.redirect(target, 303);
    },
  );

  // An invitation link: signs the invited person in once and opens the settings flow to set a password.
  scope.get(
    '/api/auth/self-service/invite',
    { config: { ...pub, rateLimit: ipLimit }, schema: { tags, summary: 'Open an invitation link' } },
    async (request, reply) => {
      const token = (request.query as { token?: string }).token ?? '';
      const identityId = token ? await s.codes.consumeInvite(hashSecret(`invite:${token}`)) : undefined;
      const identity = identityId ? await s.credentials.identity(identityId) : undefined;
      if (!identity || identity.state !== 'active' || identity.deleted) {
        const id = await s.flows.saveError({
          code: 410,
          status: 'Gone',
          message: 'This invitation link is invalid, was already used or has expired. Ask for a new one.',
        });
        return reply.redirect(`/error?id=${id}`, 303);
      }
      const c = call(request, reply);
      await s.credentials.markEmailVerified(identity.id);
      await issueSession(request, reply, s, 'browser', identity.id, { aal: 'aal1', methods: [method('link_recovery', 'aal1')] });
      const flow = await createSettingsFlow(c, 'browser', identity.id, '/', [
        msg('invitationAccepted', { minutes: s.config.OPS_PRIVILEGED_SESSION_MINUTES.toFixed(2) }),
      ]);
      return reply.redirect(`/profile-settings?flow=${flow.id}`, 303);
    },
  );

  scope.get(
    '/api/auth/config',
    { config: pub, schema: { tags, summary: 'Public sign-in configuration' } },
    async (): Promise<AuthConfig> => ({
      provider: s.config.OPS_AUTH_PROVIDER,
      registration: s.config.OPS_ALLOW_REGISTRATION === 'true',
      oidc: s.oidc.list(),
      mail: s.mail.configured,
    }),
  );
}
