import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FLOW_KINDS } from '@ops/shared';
import type { IdentityServices } from '../identity-services.js';
import { FlowError } from './flow-errors.js';
import { createFlow, flowCall, getFlow, submitFlow, type FlowCall, type FlowKindHandler } from './flow-engine.js';
import { loginHandler } from './login.flow.js';
import { recoveryHandler } from './recovery.flow.js';
import { registrationHandler } from './registration.flow.js';
import { sessionRoutes } from './session.routes.js';
import { settingsHandler } from './settings.flow.js';
import { verificationHandler } from './verification.flow.js';

const HANDLERS: Record<(typeof FLOW_KINDS)[number], FlowKindHandler> = {
  login: loginHandler,
  registration: registrationHandler,
  recovery: recoveryHandler,
  verification: verificationHandler,
  settings: settingsHandler,
};

// Flow bodies are parsed by the flow (JSON or form-encoded, malformed → the flow with a message), not by Fastify.
const BODY_LIMIT = 64 * 1024;

/** Answer FlowErrors as Kratos error JSON; anything else goes to the app's error handler. */
function installFlowErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((err, _request, reply) => {
    if (err instanceof FlowError) return reply.status(err.code).header('cache-control', 'no-store').send(err.body());
    throw err;
  });
}

/**
 * The self-service flow API under /api/auth/self-service (Ory Kratos' shapes), the session check, logout
 * and the OIDC callback. All public: each flow checks its own session, CSRF token and state.
 */
export async function flowRoutes(app: FastifyInstance, s: IdentityServices): Promise<void> {
  await app.register(async (scope) => {
    installFlowErrors(scope);
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded'],
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );

    const ipLimit = {
      max: s.config.OPS_AUTH_RATE_LIMIT,
      timeWindow: '1 minute',
      errorResponseBuilder: () => new FlowError(429, 'too_many_requests', 'Too many attempts; wait a few minutes and try again.'),
    };
    const call = (request: FastifyRequest, reply: FastifyReply): FlowCall => flowCall(request, reply, s);
    const tags = ['auth'];

    for (const kind of FLOW_KINDS) {
      const h = HANDLERS[kind];
      for (const type of ['browser', 'api'] as const) {
        scope.get(
          `/api/auth/self-service/${kind}/${type}`,
          { config: { public: true }, schema: { tags, summary: `Create a ${kind} flow (${type})` } },
          async (request, reply) => createFlow(call(request, reply), h, type, request.query as Record<string, string>),
        );
      }
      scope.get(
        `/api/auth/self-service/${kind}/flows`,
        { config: { public: true }, schema: { tags, summary: `Get a ${kind} flow by id` } },
        async (request, reply) => getFlow(call(request, reply), h, (request.query as { id?: string }).id),
      );
      const limited = kind !== 'settings';
      scope.post(
        `/api/auth/self-service/${kind}`,
        { config: { public: true, ...(limited ? { rateLimit: ipLimit } : {}) }, schema: { tags, summary: `Submit a ${kind} flow` } },
        async (request, reply) => submitFlow(call(request, reply), h, (request.query as { flow?: string }).flow),
      );
    }
    await sessionRoutes(scope, s, call, ipLimit);
  });
}
