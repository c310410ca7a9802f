import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { installApiDocs } from './api-docs.js';
import { installAuth } from './auth.js';
import { corsOrigins, installCors } from './cors.js';
import { installErrorHandler } from './errors.js';
import { installJsonBodyParser } from './json-body.js';
import { teeToRing } from './log-ring.js';
import { installMetrics } from './metrics.js';
import { installSecurityHeaders, contentSecurityPolicy } from './security-headers.js';
import { findWebBuild, serveWeb } from './static.js';
import { trustProxyOption } from './trusted-proxies.js';

/** One area's routes, registered on the app with the process's context. */
export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/**
 * The Fastify instance and its logger, before anything is installed: the composition root builds the
 * context around `app.log` and then calls `installApp`.
 */
export function createApp(config: Config): FastifyInstance {
  const app = Fastify({
    // stdout as before, and the in-memory ring the `server` log backend reads.
    logger: { level: config.OPS_LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'], stream: teeToRing() },
    // Per-request lines only at debug: at thousands of requests a second they cost more than they tell.
    logController: new LogController({ disableRequestLogging: config.OPS_LOG_LEVEL !== 'debug' && config.OPS_LOG_LEVEL !== 'trace' }),
    bodyLimit: 16 * 1024 * 1024,
    // X-Forwarded-* only from OPS_TRUSTED_PROXIES: from anyone else it would let clients dodge per-address limits.
    trustProxy: trustProxyOption(config.OPS_TRUSTED_PROXIES),
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 500 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** Install plugins, auth, the given route modules (in order) and the web build on an app from `createApp`. */
export async function installApp(
  app: FastifyInstance,
  ctx: AppContext,
  routes: RouteModule[],
  opts: { serveWeb?: boolean } = {},
): Promise<void> {
  const config = ctx.config;
  const webOpts = { enabled: opts.serveWeb !== false, dist: config.OPS_WEB_DIST };
  const web = findWebBuild(webOpts);
  installSecurityHeaders(app, contentSecurityPolicy(web?.scriptHashes ?? []));
  // Every cookie we set (session, CSRF) is Secure behind an https public URL, else when the request came over https.
  const publicHttps = config.OPS_PUBLIC_URL?.startsWith('https:') ?? false;
  await app.register(fastifyCookie, { parseOptions: { secure: publicHttps ? true : 'auto' } });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Ops Console API', version: config.version } },
    transform: jsonSchemaTransform,
  });
  installErrorHandler(app);
  installJsonBodyParser(app);
  installCors(app, corsOrigins(config.OPS_CORS_ORIGINS));
  installAuth(app, ctx.identity);
  installMetrics(app, ctx);

  for (const register of routes) await register(app, ctx);

  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  installApiDocs(app);
  await serveWeb(app, web, webOpts);
}
