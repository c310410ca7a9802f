// The check scheduler of one server process: the spec scheduler (scheduling/) with canaries as its
// kind. Claimed canaries run through the engine; results and the closing of runs are batched by the
// result writer; changed canaries have their checks synced before they are scheduled again.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ownerId } from '../../jobs/instance.js';
import { SpecScheduler, type ChangedResource, type ClaimedRun, type ScheduledKind, type SyncedSchedule } from '../../scheduling/index.js';
import { CanaryCache } from './canary-cache.js';
import { CanaryRunner } from './canary-runner.js';
import { canarySchedule, CANARY_SCHEDULE_KIND } from './canary-sync.js';
import { ResultWriter } from './result-writer.js';
import { checkMetrics } from './metrics/check-metrics.js';

export interface SchedulerOptions {
  /** Canary runs at once in this process (default OPS_CHECK_CONCURRENCY). */
  concurrency?: number;
  /** How often due runs are claimed (default 1 s) and how far ahead (default 2 s). */
  claimIntervalMs?: number;
  lookaheadMs?: number;
  /** How often changed canaries are synced (default 1 s). */
  syncIntervalMs?: number;
  /** Runs start in groups on multiples of this many ms (default 200; 0 starts each at its exact time). */
  startQuantumMs?: number;
}

/** Canaries as a scheduled kind: sync checks from the spec, run claimed canaries. */
class CanaryRuns implements ScheduledKind {
  readonly kind = CANARY_SCHEDULE_KIND;
  private readonly cache: CanaryCache;
  private readonly writer: ResultWriter;
  private readonly runner: CanaryRunner;

  constructor(
    private readonly ctx: AppContext,
    owner: string,
  ) {
    this.cache = new CanaryCache(ctx.db);
    this.writer = new ResultWriter(ctx.db, owner, ctx.events, ctx.jobs, ctx.log);
    this.runner = new CanaryRunner(ctx, this.cache, this.writer, owner);
    // canary-checker's check series are listed from the start, before the first run.
    checkMetrics(ctx);
  }

  sync(trx: Kysely<Database>, change: ChangedResource, now: Date): Promise<SyncedSchedule> {
    return canarySchedule(trx, change.resourceId, { now, timeoutMs: this.ctx.config.OPS_CHECK_TIMEOUT_SECONDS * 1000 });
  }

  run(claim: ClaimedRun, signal: AbortSignal): Promise<void> {
    return this.runner.run(claim, signal);
  }

  forget(canaryId: string): void {
    this.cache.forget(canaryId);
  }

  drain(): Promise<void> {
    return this.writer.drain();
  }
}

/** Claims and runs the due canaries of this process; syncs changed canaries. */
export class CheckScheduler extends SpecScheduler {
  constructor(ctx: AppContext, opts: SchedulerOptions = {}) {
    // Starts with this process's instance id, so a start after a crash frees its leases at once.
    const owner = ownerId(randomBytes(3).toString('hex'));
    // A claim a second, two seconds ahead, and runs started in groups every 200 ms: each claim statement
    // and each wake-up of the process has a cost of its own, which a group shares (lag stays under 200 ms).
    super(ctx.db, ctx.log, new CanaryRuns(ctx, owner), owner, {
      claimIntervalMs: 1_000,
      lookaheadMs: 2_000,
      startQuantumMs: 200,
      ...opts,
      concurrency: opts.concurrency ?? ctx.config.OPS_CHECK_CONCURRENCY,
      // Two seconds of runs at 50,000 a minute wait for their time: claims are not bounded by the pool.
      maxClaimed: Math.max(4_096, (opts.concurrency ?? ctx.config.OPS_CHECK_CONCURRENCY) * 4),
    });
  }
}
