import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { loadConfig, type Config } from './config.js';
import { startEmbeddedPostgres, type EmbeddedHandle } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { createDb, type Db } from './db/pool.js';
import type { AppContext } from './context.js';
import { createApp, installApp } from './http/app.js';
import { InstanceHeartbeat } from './jobs/instance-recovery.js';
import { createJobServices } from './jobs/job-services.js';
import { PgNotifications, type Unlisten } from './jobs/pg-notifications.js';
import { startJobs, type JobsOptions, type RunningJobs } from './jobs/start-jobs.js';
import { ScraperScheduler } from './modules/catalog/index.js';
import { TopologyScheduler } from './modules/topology/index.js';
import { PlaybookEngine, PlaybookTriggers } from './modules/playbooks/index.js';
import { createConnectionResolvers, verifySecretKey } from './modules/connections/index.js';
import { CheckScheduler } from './modules/health/index.js';
import { IdentityRepository, IdentityService, listenForRevocations } from './modules/identity/index.js';
import { ROUTE_MODULES } from './modules/route-modules.js';
import { syncLocalProperties } from './modules/settings/index.js';
import { readVersion } from './version.js';
import { secureDataDir } from './sandbox/data-dir-modes.js';
import { configureSandbox } from './sandbox/sandbox-config.js';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  db: Db;
  stop(): Promise<void>;
}

/** A loop this process runs while it serves: started after the queue, stopped once HTTP has drained. */
interface Worker {
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

/**
 * The life of the process, in order: database (embedded unless DATABASE_URL), migrations, the context
 * (identity, job recorder, event queue, the one LISTEN connection), revocation listener, HTTP routes, local
 * properties, admin bootstrap, instance heartbeat, pg-boss jobs and the event consumer, the check and scrape
 * schedulers, then HTTP listens. `stop` undoes it in reverse. With OPS_JOBS=false neither jobs nor schedulers run here.
 */
export async function startServer(
  config: Config = loadConfig(process.env, readVersion()),
  opts: { serveWeb?: boolean; print?: (s: string) => void; jobs?: Omit<JobsOptions, 'url'> } = {},
): Promise<RunningServer> {
  const print = opts.print ?? ((s: string) => console.log(s));
  // The execution boundary's roots and user, and a data directory the scripts it runs cannot list.
  secureDataDir(configureSandbox(config).dataDir);
  let embedded: EmbeddedHandle | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.OPS_EMBEDDED_PG_PORT);
    url = embedded.url;
  }
  const db = createDb(url);
  const app = createApp(config);
  const notifications = new PgNotifications(url, app.log);
  let stopRevocations: Unlisten | undefined;
  let jobs: RunningJobs | undefined;
  let heartbeat: InstanceHeartbeat | undefined;
  const workers: Worker[] = [];
  // Reverse of the start order: drain HTTP, stop the schedulers, the jobs, the heartbeat and the
  // revocation listener, close the pool, stop PostgreSQL.
  const stopSteps = (): (() => Promise<void> | undefined)[] => [
    () => app.close(),
    ...[...workers].reverse().map((worker) => () => worker.stop()),
    () => jobs?.stop(),
    () => heartbeat?.stop(),
    () => stopRevocations?.(),
    () => notifications.stop(),
    () => db.close(),
    () => embedded?.stop(),
  ];
  try {
    await migrate(db.pool);
    // Before anything reads or writes a secret: a key that does not open this database's secrets stops here.
    await verifySecretKey(db, config);
    const identity = new IdentityService(new IdentityRepository(db), config.OPS_SESSION_TTL_HOURS, config.OPS_AUTH_RATE_LIMIT);
    const ctx: AppContext = {
      config,
      db,
      identity,
      log: app.log,
      metrics: new Registry(),
      notifications,
      ...createJobServices(db, app.log),
    };
    ctx.connections = createConnectionResolvers(ctx);
    // Logouts and revocations in any replica clear this process's credential caches at once.
    stopRevocations = await listenForRevocations(notifications, (payload) => identity.revoked(payload));
    await installApp(app, ctx, ROUTE_MODULES, opts);
    await syncLocalProperties(ctx);
    await identity.bootstrapAdmin(config, print);
    // Before any scheduler claims: close the runs and release the leases that dead processes left.
    heartbeat = new InstanceHeartbeat(db, ctx.log);
    await heartbeat.start();
    jobs = await startJobs(ctx, { ...opts.jobs, url });
    if (config.OPS_JOBS !== 'false')
      workers.push(
        new CheckScheduler(ctx),
        new ScraperScheduler(ctx),
        new TopologyScheduler(ctx),
        new PlaybookTriggers(ctx),
        new PlaybookEngine(ctx),
      );
    for (const worker of workers) await worker.start();
    await app.listen({ port: config.PORT, host: config.HOST });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
    const stop = async (): Promise<void> => {
      for (const step of stopSteps()) await step();
    };
    return { app, ctx, db, url: `http://${config.HOST}:${port}`, stop };
  } catch (err) {
    for (const step of stopSteps()) await step()?.catch(() => undefined);
    throw err;
  }
}
