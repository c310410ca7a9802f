// `/api/docs`: the API reference, Swagger UI reading `/api/openapi.json`. Its files come from the
// swagger-ui-dist package on disk (no CDN: it works without network), outside the web app's bundle.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The package files the page loads, with their types; nothing else of the package is served. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/**
 * Swagger UI's options, in a file of its own: the CSP allows script only from our origin (no inline
 * script). No validator badge, which would load an image from the validator's site.
 */
const INIT_JS = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

function page(version: string): string {
  const v = encodeURIComponent(version);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · Ops Console</title>
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png?v=${v}" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css?v=${v}" />
  </head>
  <body>
    <main id="swagger-ui" aria-label="API reference"></main>
    <script src="/api/docs/swagger-ui-bundle.js?v=${v}"></script>
    <script src="/api/docs/init.js?v=${v}"></script>
  </body>
</html>
`;
}

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

/** Where swagger-ui-dist is installed and its version (a dependency of this package). */
function swaggerUiDist(): { dir: string; version: string } {
  const pkg = createRequire(import.meta.url).resolve('swagger-ui-dist/package.json');
  return { dir: path.dirname(pkg), version: (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version };
}

/**
 * Serve the reference page at `/api/docs` (and `/api/docs/`) and its files under `/api/docs/`. Public,
 * as `/api/openapi.json` is: the document it shows holds no data. Files are read on first use and kept
 * (with a gzip copy: the bundle is 1.7 MB); URLs carry the package version, so they are cached for good.
 */
export function installApiDocs(app: FastifyInstance): void {
  const dist = swaggerUiDist();
  const html = page(dist.version);
  const cache = new Map<string, Asset>();
  const load = (name: string): Asset | undefined => {
    const hit = cache.get(name);
    if (hit) return hit;
    const type = name === 'init.js' ? 'text/javascript; charset=utf-8' : ASSETS[name];
    if (!type) return undefined;
    const body = name === 'init.js' ? Buffer.from(INIT_JS) : readFileSync(path.join(dist.dir, name));
    const asset = { type, body, gzip: gzipSync(body) };
    cache.set(name, asset);
    return asset;
  };
  const sendPage = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  const route = { config: { public: true }, schema: { hide: true } };

  app.get('/api/docs', route, sendPage);
  app.get('/api/docs/', route, sendPage);
  app.get<{ Params: { file: string } }>('/api/docs/:file', route, async (request, reply) => {
    const asset = load(request.params.file);
    if (!asset) {
      const msg = `No API reference file ${request.params.file}`;
      return reply.status(404).send({ error: msg, message: msg });
    }
    reply.type(asset.type).header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(asset.gzip);
    return reply.send(asset.body);
  });
}
