// The check scheduler of one server process. Every process claims due canaries from canary_schedules
// (FOR UPDATE SKIP LOCKED plus a lease), a little ahead of time, and starts each at its exact time in a
// bounded worker pool; a second loop syncs changed canaries into checks and schedules.
//
// Why a claim table rather than one pg-boss job per run: 10,000 checks a minute are ~170 runs a second;
// a job per run costs an insert, a fetch, a completion and archiving each, while one claim statement
// takes a whole batch, and the schedule state (next run, lease, version) of a canary lives in one row,
// which is what makes "no overlapping runs" and "no lost runs after a crash" simple to hold.
import { randomBytes } from 'node:crypto';
import { isDatabaseUnavailable } from '../../db/pg-error.js';
import type { AppContext } from '../../context.js';
import { ownerId } from '../../jobs/instance.js';
import { CanaryCache } from './canary-cache.js';
import { CanaryRunner } from './canary-runner.js';
import { syncCanary } from './canary-sync.js';
import { ResultWriter } from './result-writer.js';
import { claimDue, completeRuns, lockDirty, type ClaimedRun } from './schedule.repository.js';

export interface SchedulerOptions {
  /** Canary runs at once in this process (default OPS_CHECK_CONCURRENCY). */
  concurrency?: number;
  /** How often due runs are claimed (default 250 ms) and how far ahead (default 1 s). */
  claimIntervalMs?: number;
  lookaheadMs?: number;
  /** How often changed canaries are synced (default 1 s). */
  syncIntervalMs?: number;
}

const SYNC_BATCH = 50;

/** Claims and runs the due canaries of this process; syncs changed canaries. */
export class CheckScheduler {
  // Starts with this process's instance id, so a start after a crash releases its leases at once.
  readonly owner = ownerId(randomBytes(3).toString('hex'));
  private readonly cache: CanaryCache;
  private readonly writer: ResultWriter;
  private readonly runner: CanaryRunner;
  private readonly controller = new AbortController();
  private readonly waiting = new Map<ClaimedRun, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly loops = new Map<string, NodeJS.Timeout>();
  private stopped = true;
  private claiming = false;
  // Set while the database is unreachable: an outage is logged once when it starts and once when it ends.
  private databaseLost = false;
  private readonly concurrency: number;
  private readonly claimIntervalMs: number;
  private readonly lookaheadMs: number;
  private readonly syncIntervalMs: number;

  constructor(
    private readonly ctx: AppContext,
    opts: SchedulerOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? ctx.config.OPS_CHECK_CONCURRENCY;
    this.claimIntervalMs = opts.claimIntervalMs ?? 250;
    this.lookaheadMs = opts.lookaheadMs ?? 1_000;
    this.syncIntervalMs = opts.syncIntervalMs ?? 1_000;
    this.cache = new CanaryCache(ctx.db);
    this.writer = new ResultWriter(ctx.db, this.owner, ctx.events, ctx.log);
    this.runner = new CanaryRunner(ctx, this.cache, this.writer, this.owner);
  }

  /** Start claiming and syncing. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop('sync', () => this.syncChanged(), this.syncIntervalMs);
    this.loop('claim', () => this.claim(), this.claimIntervalMs);
  }

  /** Stop claiming, give back runs not started, abort running ones and wait for them (up to `timeoutMs`). */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of this.loops.values()) clearTimeout(t);
    const unstarted = [...this.waiting.entries()];
    for (const [, timer] of unstarted) clearTimeout(timer);
    this.waiting.clear();
    await completeRuns(
      this.ctx.db.kysely,
      this.owner,
      unstarted.map(([c]) => ({ canaryId: c.canaryId, version: c.version, next: c.slot, ranAt: null })),
    ).catch((err: unknown) => this.ctx.log.warn({ err }, 'could not give back claimed canary runs'));
    this.controller.abort(new Error('server shutting down'));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
    await this.writer.drain();
  }

  /** Runs claimed and not yet finished by this process. */
  get inFlight(): number {
    return this.waiting.size + this.running.size;
  }

  // Runs `body` every `ms` (never overlapping itself) until stopped.
  private loop(name: string, body: () => Promise<void>, ms: number): void {
    const tick = async (): Promise<void> => {
      try {
        await body();
        if (this.databaseLost) {
          this.databaseLost = false;
          this.ctx.log.info('check scheduler: the database is back; claiming due runs again');
        }
      } catch (err) {
        if (!isDatabaseUnavailable(err)) this.ctx.log.error({ err }, 'check scheduler loop failed');
        else if (!this.databaseLost) {
          this.databaseLost = true;
          this.ctx.log.error({ err }, 'check scheduler: the database is unavailable; runs wait until it is back');
        }
      }
      // ±20% jitter keeps processes from polling in lockstep.
      if (!this.stopped) this.loops.set(name, setTimeout(() => void tick(), ms * (0.8 + Math.random() * 0.4)).unref());
    };
    void tick();
  }

  private async claim(): Promise<void> {
    const free = this.concurrency - this.inFlight;
    if (this.stopped || this.claiming || free <= 0) return;
    this.claiming = true;
    try {
      const claims = await claimDue(this.ctx.db, this.owner, free, this.lookaheadMs);
      for (const c of claims) this.schedule(c);
    } finally {
      this.claiming = false;
    }
  }

  private schedule(claim: ClaimedRun): void {
    const delay = Math.max(0, claim.slot.getTime() - Date.now());
    const timer = setTimeout(() => {
      this.waiting.delete(claim);
      if (this.stopped) return;
      const done = this.runner
        .run(claim, this.controller.signal)
        .catch((err: unknown) => this.ctx.log.error({ err, canaryId: claim.canaryId }, 'canary run failed'))
        .finally(() => {
          const saturated = this.inFlight >= this.concurrency;
          this.running.delete(done);
          // A full pool claims again as soon as a slot frees; otherwise the next tick does, so that
          // processes polling at random phases share the runs instead of one keeping them all.
          if (saturated && !this.stopped) void this.claim().catch(() => undefined);
        });
      this.running.add(done);
    }, delay);
    this.waiting.set(claim, timer);
  }

  // Changed canaries, a batch per transaction; rows locked by another process (or by an apply in
  // progress) are skipped and picked up later.
  private async syncChanged(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const synced = await this.ctx.db.kysely.transaction().execute(async (trx) => {
        const ids = await lockDirty(trx, SYNC_BATCH);
        for (const id of ids) {
          await syncCanary(trx, id, { now: new Date(), timeoutMs: this.ctx.config.OPS_CHECK_TIMEOUT_SECONDS * 1000 });
          this.cache.forget(id);
        }
        return ids.length;
      });
      if (synced < SYNC_BATCH) return;
    }
  }
}
