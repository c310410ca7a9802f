import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Db } from '../db/pool.js';
import { createJobServices } from '../jobs/job-services.js';
import { IdentityRepository } from '../modules/identity/identity.repository.js';
import { IdentityService } from '../modules/identity/identity.service.js';
import { listenForRevocations } from '../modules/identity/session-revocations.js';
import { ROUTE_MODULES } from '../modules/index.js';
import { installAuth } from './auth.js';
import type { AppContext } from './context.js';
import { installErrorHandler } from './errors.js';
import { installJsonBodyParser } from './json-body.js';
import { installMetrics } from './metrics.js';
import { installSecurityHeaders, contentSecurityPolicy } from './security-headers.js';
import { findWebBuild, serveWeb } from './static.js';
import { trustProxyOption } from './trusted-proxies.js';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Build the HTTP app on an open database: plugins, auth, every module's routes, the web build. */
export async function buildApp(config: Config, db: Db, opts: { serveWeb?: boolean } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.OPS_LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
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

  const identity = new IdentityService(new IdentityRepository(db), config.OPS_SESSION_TTL_HOURS, config.OPS_AUTH_RATE_LIMIT);
  const ctx: AppContext = { config, db, identity, log: app.log, ...createJobServices(db, app.log) };

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
  installAuth(app, identity);
  // Logouts and revocations in any replica clear this process's credential caches at once.
  const revocations = await listenForRevocations(db, (payload) => identity.revoked(payload), app.log);
  app.addHook('onClose', async () => revocations.stop());
  installMetrics(app, ctx);

  for (const register of ROUTE_MODULES) await register(app, ctx);

  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await serveWeb(app, web, webOpts);
  return { app, ctx };
}
