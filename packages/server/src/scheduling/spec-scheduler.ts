// The scheduler of one kind of applied spec in one server process. Every process claims due runs from
// spec_schedules (FOR UPDATE SKIP LOCKED plus a lease), a little ahead of time, and starts each at its
// exact time in a bounded pool; a second loop reads changed specs and reschedules them. Canaries and
// scrapers each run one of these; what a run does is the kind's business (ScheduledKind).
//
// Why a claim table rather than one pg-boss job per run: 10,000 checks a minute are ~170 runs a second;
// a job per run costs an insert, a fetch, a completion and archiving each, while one claim statement
// takes a whole batch, and the schedule state (next run, lease, version) of a resource lives in one row,
// which is what makes "no overlapping runs" and "no lost runs after a crash" simple to hold (ADR 0003).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/pool.js';
import { isDatabaseUnavailable } from '../db/pg-error.js';
import type { Database } from '../db/schema.js';
import {
  anyDirty,
  claimDue,
  completeRuns,
  lockDirty,
  markSynced,
  type ChangedResource,
  type ClaimedRun,
  type SyncedSchedule,
} from './spec-schedules.repository.js';

/** What one kind of spec brings to the scheduler. */
export interface ScheduledKind {
  /** spec_schedules.kind, and the name in log lines. */
  readonly kind: string;
  /** Read a changed resource's spec inside the sync transaction and say when it runs next. */
  sync(trx: Kysely<Database>, change: ChangedResource, now: Date): Promise<SyncedSchedule>;
  /**
   * Run a claimed run. It must close the run (completeRuns with the scheduler's owner) before it
   * resolves, or hand the closing to a writer that `drain` waits for, also when the run itself failed;
   * when it throws, the scheduler retries a minute later.
   */
  run(claim: ClaimedRun, signal: AbortSignal): Promise<void>;
  /** A resource was synced: drop what was cached of it. */
  forget?(resourceId: string): void;
  /** Wait for writes the kind batches (called last on stop). */
  drain?(): Promise<void>;
}

export interface SpecSchedulerOptions {
  /** Runs of this kind at once in this process. */
  concurrency: number;
  /**
   * Runs claimed and not finished (waiting for their time, queued for a free slot, or running) at most;
   * default `concurrency`. Short runs at a high rate need more claimed ahead than run at once.
   */
  maxClaimed?: number;
  /** How often due runs are claimed (default 250 ms) and how far ahead (default 1 s). */
  claimIntervalMs?: number;
  lookaheadMs?: number;
  /** How often changed specs are synced (default 1 s). */
  syncIntervalMs?: number;
  /**
   * Start runs on multiples of this many ms after their time rather than each on its own timer (default
   * 0: exact). Waking the process once for a group of runs costs a fraction of waking it for each.
   */
  startQuantumMs?: number;
}

const SYNC_BATCH = 50;
const RETRY_AFTER_FAILURE_MS = 60_000;

/** Claims and runs due runs of one kind; syncs changed specs of that kind. */
export class SpecScheduler {
  private readonly controller = new AbortController();
  // Claimed runs waiting for their time, by the time they start at (one timer each).
  private readonly waiting = new Map<number, { timer: NodeJS.Timeout; runs: ClaimedRun[] }>();
  private waitingRuns = 0;
  // Due runs that found every slot taken: they start, oldest first, as runs end.
  private readonly ready: ClaimedRun[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly loops = new Map<string, NodeJS.Timeout>();
  private stopped = true;
  // The claim statement in progress: a stop waits for it, so that what it claimed is given back too.
  private claiming: Promise<void> | undefined;
  // Set while the database is unreachable: an outage is logged once when it starts and once when it ends.
  private databaseLost = false;
  private readonly claimIntervalMs: number;
  private readonly lookaheadMs: number;
  private readonly syncIntervalMs: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly kind: ScheduledKind,
    readonly owner: string,
    private readonly opts: SpecSchedulerOptions,
  ) {
    this.claimIntervalMs = opts.claimIntervalMs ?? 250;
    this.lookaheadMs = opts.lookaheadMs ?? 1_000;
    this.syncIntervalMs = opts.syncIntervalMs ?? 1_000;
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
    await this.claiming?.catch(() => undefined);
    const unstarted = [...[...this.waiting.values()].flatMap((w) => w.runs), ...this.ready.splice(0)];
    for (const w of this.waiting.values()) clearTimeout(w.timer);
    this.waiting.clear();
    this.waitingRuns = 0;
    await completeRuns(
      this.db.kysely,
      this.kind.kind,
      this.owner,
      unstarted.map((c) => ({ resourceId: c.resourceId, version: c.version, next: c.slot, ranAt: null })),
    ).catch((err: unknown) => this.log.warn({ err }, `could not give back claimed ${this.kind.kind} runs`));
    this.controller.abort(new Error('server shutting down'));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
    await this.kind.drain?.();
  }

  /** Runs claimed and not yet finished by this process. */
  get inFlight(): number {
    return this.waitingRuns + this.ready.length + this.running.size;
  }

  // Runs `body` every `ms` (never overlapping itself) until stopped.
  private loop(name: string, body: () => Promise<void>, ms: number): void {
    const tick = async (): Promise<void> => {
      try {
        await body();
        if (this.databaseLost) {
          this.databaseLost = false;
          this.log.info(`${this.kind.kind} scheduler: the database is back; claiming due runs again`);
        }
      } catch (err) {
        if (!isDatabaseUnavailable(err)) this.log.error({ err }, `${this.kind.kind} scheduler ${name} loop failed`);
        else if (!this.databaseLost) {
          this.databaseLost = true;
          this.log.error({ err }, `${this.kind.kind} scheduler: the database is unavailable; runs wait until it is back`);
        }
      }
      // ±20% jitter keeps processes from polling in lockstep.
      if (!this.stopped) this.loops.set(name, setTimeout(() => void tick(), ms * (0.8 + Math.random() * 0.4)).unref());
    };
    void tick();
  }

  private async claim(): Promise<void> {
    const free = (this.opts.maxClaimed ?? this.opts.concurrency) - this.inFlight;
    if (this.stopped || this.claiming || free <= 0) return;
    this.claiming = claimDue(this.db.kysely, this.kind.kind, this.owner, free, this.lookaheadMs)
      .then((claims) => {
        for (const c of claims) this.startAt(c);
      })
      .finally(() => (this.claiming = undefined));
    await this.claiming;
  }

  private startAt(claim: ClaimedRun): void {
    const quantum = this.opts.startQuantumMs ?? 0;
    const at = quantum > 0 ? Math.ceil(claim.slot.getTime() / quantum) * quantum : claim.slot.getTime();
    const group = this.waiting.get(at);
    this.waitingRuns++;
    if (group) return void group.runs.push(claim);
    const runs = [claim];
    const timer = setTimeout(
      () => {
        this.waiting.delete(at);
        this.waitingRuns -= runs.length;
        if (this.stopped) return;
        this.ready.push(...runs);
        this.startReady();
      },
      Math.max(0, at - Date.now()),
    );
    this.waiting.set(at, { timer, runs });
  }

  // Start queued runs while slots are free.
  private startReady(): void {
    while (!this.stopped && this.running.size < this.opts.concurrency && this.ready.length > 0) this.execute(this.ready.shift()!);
  }

  private execute(claim: ClaimedRun): void {
    const done = this.kind
      .run(claim, this.controller.signal)
      .catch(async (err: unknown) => {
        this.log.error({ err, kind: this.kind.kind, resourceId: claim.resourceId }, `${this.kind.kind} run failed`);
        // The kind could not close the run: free the lease and try again in a minute rather than
        // at once (an error that repeats would otherwise spin) or never.
        const retry = new Date(Date.now() + RETRY_AFTER_FAILURE_MS);
        await completeRuns(this.db.kysely, this.kind.kind, this.owner, [
          { resourceId: claim.resourceId, version: claim.version, next: retry, ranAt: null },
        ]).catch(() => undefined);
      })
      .finally(() => {
        const saturated = this.inFlight >= (this.opts.maxClaimed ?? this.opts.concurrency);
        this.running.delete(done);
        this.startReady();
        // A process that holds all it may claim claims again as soon as a run ends; otherwise the next
        // tick does, so that processes polling at random phases share the runs instead of one keeping them all.
        if (saturated && !this.stopped) void this.claim().catch(() => undefined);
      });
    this.running.add(done);
  }

  // Changed specs, a batch per transaction; rows locked by another process (or by an apply in progress)
  // are skipped and picked up later.
  private async syncChanged(): Promise<void> {
    // Most ticks find nothing changed: one statement says so, where the transaction would take three round trips.
    if (!(await anyDirty(this.db.kysely, this.kind.kind))) return;
    for (;;) {
      if (this.stopped) return;
      const synced = await this.db.kysely.transaction().execute(async (trx) => {
        const changes = await lockDirty(trx, this.kind.kind, SYNC_BATCH);
        for (const change of changes) {
          const outcome = await this.kind.sync(trx, change, new Date());
          await markSynced(trx, this.kind.kind, change.resourceId, outcome);
        }
        return changes;
      });
      for (const c of synced) this.kind.forget?.(c.resourceId);
      if (synced.length < SYNC_BATCH) return;
    }
  }
}
