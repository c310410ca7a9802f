// CORS for the data API (/api/db): pages on the origins listed in OPS_CORS_ORIGINS may call it from the
// browser (postgrest-js in another app), with credentials. No origin is allowed by default. A preflight is
// answered before authentication (browsers send it without credentials); other requests still need them.
import type { FastifyInstance } from 'fastify';

const PREFIX = '/api/db/';
const METHODS = 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS';
// Response headers PostgREST clients read.
const EXPOSED = 'Content-Range, Content-Location, Location, Preference-Applied, Range-Unit';

/** Parse OPS_CORS_ORIGINS. */
export function corsOrigins(value: string): Set<string> {
  return new Set(
    value
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  );
}

/** Install the hook; a no-op without origins. Must run before the auth hook (preflights carry no credentials). */
export function installCors(app: FastifyInstance, origins: ReadonlySet<string>): void {
  if (origins.size === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(PREFIX)) return;
    const origin = request.headers.origin;
    if (!origin || !origins.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      const asked = request.headers['access-control-request-headers'];
      return reply
        .header('access-control-allow-methods', METHODS)
        .header('access-control-allow-headers', asked ?? 'authorization, content-type, prefer, range, accept')
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    }
    reply.header('access-control-expose-headers', EXPOSED);
  });
}
