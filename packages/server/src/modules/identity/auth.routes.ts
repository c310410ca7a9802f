import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionMap } from '@ops/shared';
import { SESSION_COOKIE, principalOf } from '../../http/auth.js';
import type { AppContext } from '../../http/context.js';

const LoginBody = z.object({
  email: z.string().trim().min(1, 'email is required'),
  password: z.string().min(1, 'password is required'),
});

const ErrorBody = z.object({ error: z.string(), message: z.string() });

const WhoAmI = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  roles: z.array(z.string()),
  permissions: z.record(z.string(), z.object({ read: z.boolean(), write: z.boolean() })),
});

/** Baseline sign-in: password login into a session cookie, logout and who-am-I. */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/login',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: LoginBody, response: { 200: WhoAmI.pick({ user: true }), 401: ErrorBody } },
    },
    async (request, reply) => {
      const person = await ctx.identity.verifyCredentials(request.body.email, request.body.password);
      if (!person) return reply.status(401).send({ error: 'Invalid email or password', message: 'Invalid email or password' });
      // A fresh session id at every sign-in (no fixation); the old one, if any, ends.
      const old = request.cookies[SESSION_COOKIE];
      if (old) await ctx.identity.endSession(old);
      const session = await ctx.identity.createSession(person.id);
      reply.setCookie(SESSION_COOKIE, session.id, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        expires: session.expiresAt,
      });
      return { user: { id: person.id, name: person.name, email: person.email } };
    },
  );

  r.post('/api/auth/logout', { config: { public: true }, schema: { tags: ['auth'] } }, async (request, reply) => {
    const sid = request.cookies[SESSION_COOKIE];
    if (sid) await ctx.identity.endSession(sid);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });

  // Permissions are computed fresh on every call: the web client does not cache them.
  r.get('/api/auth/whoami', { schema: { tags: ['auth'], response: { 200: WhoAmI } } }, async (request, reply) => {
    const p = principalOf(request);
    reply.header('cache-control', 'no-store');
    return { user: { id: p.id, name: p.name, email: p.email }, roles: p.roles, permissions: permissionMap(p.roles) };
  });
}
