import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, permissionMap } from '@ops/shared';
import { SESSION_COOKIE, principalOf, refuseCrossSite, sameOrigin } from '../../http/auth.js';
import type { AppContext } from '../../context.js';
import { usersRoutes } from './admin/users.routes.js';
import { flowRoutes } from './flows/flows.routes.js';
import { createIdentityServices } from './identity-services.js';
import { organizationRoutes } from './organizations/organizations.routes.js';
import { tokensRoutes } from './tokens.routes.js';

const LoginBody = z.object({
  email: z.string().trim().min(1, 'email is required'),
  password: z.string().min(1, 'password is required'),
});

const WhoAmI = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  roles: z.array(z.string()),
  permissions: z.record(z.string(), z.object({ read: z.boolean(), write: z.boolean() })),
});

/**
 * Identity routes: the self-service flows (the web's sign-in), users, tokens and organisations, plus the
 * baseline password login (scripts, tests), logout and the app's who-am-I.
 */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const services = createIdentityServices(ctx);
  app.addHook('onClose', async () => services.mail.close());
  await flowRoutes(app, services);
  await usersRoutes(app, services);
  await tokensRoutes(app, services);
  await organizationRoutes(app, services);

  r.post(
    '/api/auth/login',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        body: LoginBody,
        response: { 200: WhoAmI.pick({ user: true }), 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { person, blocked, retryAfter } = await ctx.identity.verifyLimited(request.body.email, request.body.password, request.ip);
      if (blocked) {
        const msg = 'Too many attempts; wait a few minutes and try again.';
        return reply.status(429).header('retry-after', String(retryAfter)).send({ error: msg, message: msg });
      }
      if (!person) return reply.status(401).send({ error: 'Invalid email or password', message: 'Invalid email or password' });
      // A password alone does not sign in a person with a second factor: that needs the login flow.
      if (await ctx.identity.repo.hasSecondFactor(person.id)) {
        const msg = 'This account has a second factor: sign in through /login';
        return reply.status(403).send({ error: msg, message: msg });
      }
      // A fresh session id at every sign-in (no fixation); the old one, if any, ends.
      const old = request.cookies[SESSION_COOKIE];
      if (old) await ctx.identity.endSession(old);
      const session = await ctx.identity.createSession(person.id);
      reply.setCookie(SESSION_COOKIE, session.id, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        expires: session.expiresAt,
      });
      return { user: { id: person.id, name: person.name, email: person.email } };
    },
  );

  // Public (an expired session may still log out), so the auth hook's cross-site check is applied here.
  r.post('/api/auth/logout', { config: { public: true }, schema: { tags: ['auth'] } }, async (request, reply) => {
    if (!sameOrigin(request)) return refuseCrossSite(reply);
    const sid = request.cookies[SESSION_COOKIE];
    if (sid) await ctx.identity.endSession(sid);
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
    return { ok: true };
  });

  // Permissions are computed fresh on every call: the web client does not cache them.
  r.get('/api/auth/whoami', { schema: { tags: ['auth'], response: { 200: WhoAmI } } }, async (request, reply) => {
    const p = principalOf(request);
    reply.header('cache-control', 'no-store');
    return { user: { id: p.id, name: p.name, email: p.email }, roles: p.roles, permissions: permissionMap(p.roles) };
  });
}
