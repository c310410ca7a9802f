import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { routeNotFound } from './errors.js';
import { inlineScriptHashes } from './security-headers.js';

/** The built web app found at start: where it lives, its index.html and the hashes of its inline scripts. */
export interface WebBuild {
  dist: string;
  indexHtml: string;
  scriptHashes: string[];
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Read the web build once at start (the CSP hashes come from the very index.html we serve), if there is one. */
export function findWebBuild(opts: { enabled: boolean; dist?: string }): WebBuild | undefined {
  const dist = opts.dist ?? fileURLToPath(new URL('../../../web/dist/', import.meta.url));
  const file = path.join(dist, 'index.html');
  if (!opts.enabled || !existsSync(file)) return undefined;
  const indexHtml = readFileSync(file, 'utf8');
  return { dist, indexHtml, scriptHashes: inlineScriptHashes(indexHtml) };
}

/**
 * Serve the built web app; unknown non-API GETs get index.html so client routes work on reload.
 * Owns the app's not-found handler (Fastify allows one): API paths always get the JSON 404.
 * Hashed files under /assets are cached for good; everything else (HTML above all) is revalidated,
 * so browsers pick up a new version of the app after an upgrade.
 */
export async function serveWeb(app: FastifyInstance, web: WebBuild | undefined, opts: { enabled: boolean; dist?: string }): Promise<void> {
  if (!web) {
    if (opts.enabled) app.log.warn({ dist: opts.dist }, 'web build not found; serving the API only (run npm run build)');
    app.setNotFoundHandler((request, reply) => reply.status(404).send(routeNotFound(request.method, request.url)));
    return;
  }
  const assets = path.join(web.dist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: web.dist,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE : 'no-cache');
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(web.indexHtml);
  app.get('/', { config: { public: true } }, (_req, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send(routeNotFound(request.method, request.url));
    }
    return sendIndex(reply);
  });
}
