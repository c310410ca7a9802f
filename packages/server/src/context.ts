import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from './config.js';
import type { Db } from './db/pool.js';
import type { EventQueue } from './jobs/event-queue.js';
import type { JobRecorder } from './jobs/job-recorder.js';
import type { PgNotifications } from './jobs/pg-notifications.js';
import type { IdentityService } from './modules/identity/index.js';

export type { Principal } from './modules/identity/index.js';

/** What the composition root hands to every module when it registers routes and jobs. */
export interface AppContext {
  config: Config;
  db: Db;
  identity: IdentityService;
  /** Records background job runs in job_history (`ctx.jobs.record`). */
  jobs: JobRecorder;
  /** The durable event queue (`ctx.events.emit` / `ctx.events.on`). */
  events: EventQueue;
  /** The process's one LISTEN connection: `ctx.notifications.listen(channel, handler)`. */
  notifications: PgNotifications;
  log: FastifyBaseLogger;
  /** The process's Prometheus registry, served at /api/metrics; modules add their series to it. */
  metrics: Registry;
  /**
   * `connection://namespace/name` for checks and scrapers, secrets decrypted (the connections area;
   * server.ts sets it). Absent, a spec naming a connection fails saying no connection store is configured.
   */
  connections?: ConnectionResolvers;
}

/** A stored connection as a check or scraper uses it. */
export interface UsableConnection {
  type?: string;
  url?: string;
  username?: string;
  password?: string;
  certificate?: string;
  insecure_tls?: boolean;
  properties?: Record<string, string>;
}

/**
 * Connection look-ups in the shapes the two engines ask for; undefined when no such connection exists,
 * an Error naming the field when one of its references cannot be resolved.
 */
export interface ConnectionResolvers {
  /** The health engine's: by namespace and name. */
  get(ref: { namespace: string; name: string }): Promise<UsableConnection | undefined>;
  /** The catalogue's: `name` or `namespace/name`, a bare name in the scraper's namespace. */
  resolve(name: string, namespace: string | undefined): Promise<(UsableConnection & { url: string }) | undefined>;
}
