import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../context.js';

// Requests that matched no route share one label value, so raw URLs never become series.
const UNMATCHED = '<unmatched>';
const LABELS = ['method', 'route', 'status_code'] as const;

type Labels = Record<(typeof LABELS)[number], string>;

/**
 * Prometheus metrics for one app: HTTP counts and latency by route pattern, the DB pool, queue depth
 * (event_queue and pg-boss) and process metrics, served at `GET /api/metrics` (public only when
 * OPS_METRICS_PUBLIC=true). Install before the routes so every route is measured.
 */
export function installMetrics(app: FastifyInstance, ctx: AppContext): Registry {
  // One registry per app (tests run several apps in one process; the global one would clash), which
  // modules share through the context (the health area adds canary-checker's check series).
  const registry = ctx.metrics;
  installHttpMetrics(app, registry);
  registerPoolGauges(registry, ctx);
  registerQueueGauges(registry, ctx);

  app.get(
    '/api/metrics',
    { config: { public: ctx.config.OPS_METRICS_PUBLIC === 'true' }, schema: { tags: ['meta'], summary: 'Prometheus metrics' } },
    async (_request, reply) => {
      const merged = Registry.merge([processRegistry(), registry]);
      return reply.header('content-type', merged.contentType).send(await merged.metrics());
    },
  );
  return registry;
}

// Process metrics (CPU, memory, event loop, GC) describe the process, not an app: collect them once.
let processMetrics: Registry | undefined;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

function installHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: LABELS,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const count = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: LABELS,
    registers: [registry],
  });
  // Runs on every request (thousands a second): a label object and two hash-map updates, nothing more.
  app.addHook('onResponse', (request, reply, done) => {
    const labels: Labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED, status_code: String(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
    count.inc(labels);
    done();
  });
}

function registerPoolGauges(registry: Registry, ctx: AppContext): void {
  const pool = ctx.db.pool;
  const gauge = (name: string, help: string, read: () => number): void => {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  };
  gauge('ops_db_pool_total_connections', 'Connections open in the database pool', () => pool.totalCount);
  gauge('ops_db_pool_idle_connections', 'Idle connections in the database pool', () => pool.idleCount);
  gauge('ops_db_pool_waiting_clients', 'Queries waiting for a pool connection', () => pool.waitingCount);
}

function registerQueueGauges(registry: Registry, ctx: AppContext): void {
  // The registry starts every collect in the same tick, so the gauges share the read in flight.
  let inFlight: Promise<QueueRead> | undefined;
  const read = (): Promise<QueueRead> => {
    inFlight ??= readQueues(ctx).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  new Gauge({
    name: 'ops_event_queue_pending',
    help: 'Events not yet failed (waiting or being delivered), by name',
    labelNames: ['name'],
    registers: [registry],
    async collect() {
      const r = await read();
      this.reset();
      for (const d of r.events) this.set({ name: d.name }, d.pending);
    },
  });
  new Gauge({
    name: 'ops_event_queue_failed',
    help: 'Events that failed at least once (retrying or gave up), by name',
    labelNames: ['name'],
    registers: [registry],
    async collect() {
      const r = await read();
      this.reset();
      for (const d of r.events) this.set({ name: d.name }, d.failed);
    },
  });
  new Gauge({
    name: 'ops_job_queue_jobs',
    help: 'Background jobs by queue and state (created, retry, active, failed)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const r = await read();
      this.reset();
      for (const d of r.jobs) this.set({ queue: d.queue, state: d.state }, d.count);
    },
  });
  new Gauge({
    name: 'ops_queue_depth_read_errors',
    help: '1 when this scrape could not read the queue depth, else 0',
    registers: [registry],
    async collect() {
      this.set((await read()).failed ? 1 : 0);
    },
  });
}

interface QueueRead {
  events: Awaited<ReturnType<AppContext['events']['depth']>>;
  jobs: Awaited<ReturnType<AppContext['jobs']['queueDepth']>>;
  failed: boolean;
}

// A failing read must not fail the scrape: the other metrics still matter most when the database struggles.
async function readQueues(ctx: AppContext): Promise<QueueRead> {
  try {
    const [events, jobs] = await Promise.all([ctx.events.depth(), ctx.jobs.queueDepth()]);
    return { events, jobs, failed: false };
  } catch (err) {
    ctx.log.warn({ err }, 'could not read queue depth for metrics');
    return { events: [], jobs: [], failed: true };
  }
}
