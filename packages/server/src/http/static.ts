import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routeNotFound } from './errors.js';

/**
 * Serve the built web app; unknown non-API GETs get index.html so client routes work on reload.
 * Owns the app's not-found handler (Fastify allows one): API paths always get the JSON 404.
 */
export async function serveWeb(app: FastifyInstance, opts: { enabled: boolean; dist?: string }): Promise<void> {
  const dist = opts.dist ?? fileURLToPath(new URL('../../../web/dist/', import.meta.url));
  if (!opts.enabled || !existsSync(path.join(dist, 'index.html'))) {
    if (opts.enabled) app.log.warn({ dist }, 'web build not found; serving the API only (run npm run build)');
    app.setNotFoundHandler((request, reply) => reply.status(404).send(routeNotFound(request.method, request.url)));
    return;
  }
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1y', immutable: true });
  app.get('/', { config: { public: true } }, (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send(routeNotFound(request.method, request.url));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
