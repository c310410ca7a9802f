import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type RbacAction, type RbacResource } from '@ops/shared';
import type { AppContext, Principal } from '../context.js';
import { ThrottledError } from './errors.js';

export const SESSION_COOKIE = 'ops_session';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyContextConfig {
    /** Routes that answer without credentials (about, sign-in, health probes). */
    public?: boolean;
    /** Public routes that check the caller's credentials themselves (playbook webhooks): the hook does not read them. */
    ownCredentials?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the auth hook asks of the identity area: a caller from each kind of credential. */
type Authenticator = Pick<AppContext['identity'], 'authenticateBasic' | 'authenticateBearer' | 'authenticateSession'>;

/**
 * Resolve the caller from a session cookie, Basic or Bearer credentials, then refuse
 * non-public /api routes without one (401) and cookie-authenticated cross-site writes (403).
 * An address that failed too many credential checks this minute gets 429 with Retry-After.
 */
export function installAuth(app: FastifyInstance, identity: Authenticator): void {
  app.decorateRequest('principal', undefined);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    // Their Basic or Bearer credentials are not ours: checking them would cost argon2 and count as failed sign-ins.
    if (request.routeOptions.config?.public && request.routeOptions.config.ownCredentials) return;
    try {
      request.principal = await resolvePrincipal(request, identity);
    } catch (err) {
      if (!(err instanceof ThrottledError)) throw err;
      return reply.status(429).header('retry-after', String(err.retryAfterSeconds)).send({ error: err.message, message: err.message });
    }
    if (request.routeOptions.config?.public) return;
    if (!request.principal) {
      // The data API answers in PostgREST's error shape, as its clients (postgrest-js) read it.
      if (request.url.startsWith('/api/db/')) {
        return reply.status(401).send({ code: 'PGRST302', message: 'Anonymous access is disabled', details: null, hint: null });
      }
      return reply.status(401).send({ error: 'Unauthorized', message: 'Authentication required' });
    }
    if (request.principal.via === 'session' && UNSAFE.has(request.method) && !sameOrigin(request)) return refuseCrossSite(reply);
  });
}

async function resolvePrincipal(request: FastifyRequest, identity: Authenticator): Promise<Principal | undefined> {
  const header = request.headers.authorization;
  if (header) {
    const [scheme, value = ''] = header.split(' ', 2);
    if (scheme?.toLowerCase() === 'basic') {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return undefined;
      return identity.authenticateBasic(decoded.slice(0, colon), decoded.slice(colon + 1), request.ip);
    }
    if (scheme?.toLowerCase() === 'bearer' && value) return identity.authenticateBearer(value.trim(), request.ip);
    return undefined;
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? identity.authenticateSession(cookie) : undefined;
}

/**
 * Whether a request comes from our own pages (ADR 0002): browsers send Origin on cross-site writes and
 * Sec-Fetch-Site on all. The host compared is Fastify's, which believes X-Forwarded-Host only from trusted proxies.
 */
export function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site) return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/** The 403 for a cookie-carrying write from another site. */
export function refuseCrossSite(reply: FastifyReply): FastifyReply {
  const msg = 'CSRF check failed: cross-site request refused';
  return reply.status(403).send({ error: msg, message: msg });
}

/** The caller of an authenticated route (the onRequest hook guarantees it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw Object.assign(new Error('Unauthorized'), { statusCode: 401 });
  return request.principal;
}

/** preHandler that answers 403 JSON unless the caller's roles allow the action on the resource. */
export function requirePermission(resource: RbacResource, action: RbacAction) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const p = request.principal;
    if (!p) {
      await reply.status(401).send({ error: 'Unauthorized', message: 'Authentication required' });
      return;
    }
    if (!can(p.roles, resource, action)) {
      const msg = `Forbidden: ${action} on ${resource} is not allowed for roles ${p.roles.join(', ')}`;
      await reply.status(403).send({ error: msg, message: msg });
    }
  };
}
