import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from './config.js';
import type { Db } from './db/pool.js';
import type { EventQueue } from './jobs/event-queue.js';
import type { JobRecorder } from './jobs/job-recorder.js';
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
  log: FastifyBaseLogger;
  /** The process's Prometheus registry, served at /api/metrics; modules add their series to it. */
  metrics: Registry;
}
