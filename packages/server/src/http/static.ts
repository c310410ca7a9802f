import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serve the built web app; unknown non-API paths get index.html so client routes work on reload. */
export async function serveWeb(app: FastifyInstance, distOverride?: string): Promise<void> {
  const dist = distOverride ?? fileURLToPath(new URL('../../../web/dist/', import.meta.url));
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web build not found; serving the API only (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1y', immutable: true });
  app.get('/', { config: { public: true } }, (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      const msg = `Route ${request.method} ${request.url.split('?')[0]} not found`;
      return reply.status(404).send({ error: msg, message: msg });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
