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
import { ROUTE_MODULES } from '../modules/index.js';
import { installAuth } from './auth.js';
import type { AppContext } from './context.js';
import { installErrorHandler } from './errors.js';
import { installMetrics } from './metrics.js';
import { serveWeb } from './static.js';

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
    // Not behind a trusted proxy by default: X-Forwarded-For would otherwise let clients dodge per-IP rate limits.
    trustProxy: false,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 500 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const identity = new IdentityService(new IdentityRepository(db), config.OPS_SESSION_TTL_HOURS);
  const ctx: AppContext = { config, db, identity, log: app.log, ...createJobServices(db, app.log) };

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Ops Console API', version: config.version } },
    transform: jsonSchemaTransform,
  });
  installErrorHandler(app);
  installAuth(app, identity);
  installMetrics(app, ctx);

  for (const register of ROUTE_MODULES) await register(app, ctx);

  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await serveWeb(app, { enabled: opts.serveWeb !== false, dist: config.OPS_WEB_DIST });
  return { app, ctx };
}
