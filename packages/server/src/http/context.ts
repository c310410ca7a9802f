import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/pool.js';
import type { IdentityService } from '../modules/identity/identity.service.js';

/** What the composition root hands to every module when it registers routes and jobs. */
export interface AppContext {
  config: Config;
  db: Db;
  identity: IdentityService;
  log: FastifyBaseLogger;
}
