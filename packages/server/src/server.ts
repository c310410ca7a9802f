import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.js';
import { startEmbeddedPostgres, type EmbeddedHandle } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { createDb, type Db } from './db/pool.js';
import { buildApp } from './http/app.js';
import type { AppContext } from './http/context.js';
import { InstanceHeartbeat } from './jobs/instance-recovery.js';
import { startJobs, type JobsOptions, type RunningJobs } from './jobs/start-jobs.js';
import { syncLocalProperties } from './modules/settings/settings.service.js';
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

/**
 * Start everything in order: database (embedded unless DATABASE_URL), migrations, admin bootstrap,
 * HTTP. `stop` undoes it in reverse: drain HTTP, stop jobs, close the pool, stop PostgreSQL.
 */
export async function startServer(config: Config = loadConfig(process.env, readVersion()), opts: { serveWeb?: boolean; print?: (s: string) => void; jobs?: Omit<JobsOptions, 'url'> } = {}): Promise<RunningServer> {
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
  let app: FastifyInstance | undefined;
  let jobs: RunningJobs | undefined;
  let heartbeat: InstanceHeartbeat | undefined;
  try {
    await migrate(db.pool);
    const built = await buildApp(config, db, opts);
    app = built.app;
    const ctx = built.ctx;
    await syncLocalProperties(ctx);
    await ctx.identity.bootstrapAdmin(config, print);
    // Before any scheduler claims: close the runs and release the leases that dead processes left.
    heartbeat = new InstanceHeartbeat(db, ctx.log);
    await heartbeat.start();
    const beating = heartbeat;
    jobs = await startJobs(ctx, { ...opts.jobs, url });
    const running = jobs;
    await app.listen({ port: config.PORT, host: config.HOST });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
    const stop = async (): Promise<void> => {
      await built.app.close();
      await running.stop();
      await beating.stop();
      await db.close();
      await embedded?.stop();
    };
    return { app, ctx, db, url: `http://${config.HOST}:${port}`, stop };
  } catch (err) {
    await app?.close().catch(() => undefined);
    await jobs?.stop().catch(() => undefined);
    await heartbeat?.stop().catch(() => undefined);
    await db.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
}
