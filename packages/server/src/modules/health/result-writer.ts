// Batches the results of scheduled runs: the statuses of many runs, their checks, the schedule rows
// their runs close and their job history rows are written by one statement (one round trip, one implicit
// transaction) every half second. At thousands of checks a minute this keeps the write cost per run to
// a fraction of a statement.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/pool.js';
import { retried } from '../../db/retried-transaction.js';
import type { EventQueue } from '../../jobs/event-queue.js';
import type { FinishedJobRun } from '../../jobs/deferred-run.js';
import type { JobRecorder } from '../../jobs/job-recorder.js';
import { completeRunsQuery, type RunCompletion } from '../../scheduling/index.js';
import { CANARY_SCHEDULE_KIND } from './canary-sync.js';
import { daysOf, ensurePartitions, writeStatuses, type StatusRow, type Transition } from './check-results.repository.js';
import { emitTransitions } from './check-events.js';

interface Pending {
  rows: StatusRow[];
  completion: RunCompletion;
  history: FinishedJobRun | undefined;
  resolve: (t: Transition[]) => void;
  reject: (err: unknown) => void;
}

const DAY = 86_400_000;
const MAX_BATCH_RUNS = 2_000;
const WRITE_ATTEMPTS = 10;

export interface WriterOptions {
  /** Flush when this many statuses wait (default 500). */
  maxRows?: number;
  /** Flush at most this long after the first waiting result (default 500 ms). */
  delayMs?: number;
}

/** Batches run results into few transactions (see the file comment). */
export class ResultWriter {
  private pending: Pending[] = [];
  private pendingRows = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly knownDays = new Set<number>();
  private readonly maxRows: number;
  private readonly delayMs: number;

  constructor(
    private readonly db: Db,
    private readonly owner: string,
    private readonly events: EventQueue,
    private readonly jobs: JobRecorder,
    private readonly log: FastifyBaseLogger,
    opts: WriterOptions = {},
  ) {
    this.maxRows = opts.maxRows ?? 500;
    // Each batch has costs of its own (planning, round trips, a commit) that its runs share: half a second
    // keeps a status on the dashboard within a second of its run and amortises them over hundreds of runs.
    this.delayMs = opts.delayMs ?? 500;
  }

  /**
   * Store a run's statuses, close its schedule row and write its job history row (when it has not
   * written its own); resolves once committed, with its transitions.
   */
  write(rows: StatusRow[], completion: RunCompletion, history?: FinishedJobRun): Promise<Transition[]> {
    return new Promise((resolve, reject) => {
      this.pending.push({ rows, completion, history, resolve, reject });
      this.pendingRows += rows.length;
      if (this.pendingRows >= this.maxRows) this.kick(0);
      else this.kick(this.delayMs);
    });
  }

  /** Write whatever waits and wait for writes in progress. */
  async drain(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(async () => {
      while (this.pending.length > 0) await this.flush();
    });
    await this.flushing;
  }

  private kick(delay: number): void {
    if (this.timer && delay > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flushing.then(() => this.flush());
    }, delay);
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    // Runs that piled up while the database was slow (an apply holding the same rows) go in several
    // batches: one statement stays short and within its limits.
    const batch = this.pending.splice(0, MAX_BATCH_RUNS);
    this.pendingRows = this.pending.reduce((n, p) => n + p.rows.length, 0);
    const rows = batch.flatMap((p) => p.rows);
    try {
      await this.ensureDays(rows);
      const history = await this.jobs.history.finishedInsert(batch.flatMap((p) => (p.history ? [p.history] : [])));
      const runBatch = {
        closed: completeRunsQuery(
          CANARY_SCHEDULE_KIND,
          this.owner,
          batch.map((p) => p.completion),
        ),
        history,
        canaryIds: batch.flatMap((p) => p.rows.map(() => p.completion.resourceId)),
      };
      // The statement locks its schedule rows in id order before the checks, as an apply does, so the two
      // wait for each other; a deadlock with anything else (a data API write of the same checks) runs the
      // batch again, since a lost batch would hold its leases for minutes.
      const transitions = await retried(() => writeStatuses(this.db.kysely, rows, runBatch), WRITE_ATTEMPTS);
      await emitTransitions(this.events, transitions, this.log);
      const byCheck = new Map(transitions.map((t) => [t.checkId, t]));
      for (const p of batch) p.resolve(p.rows.flatMap((r) => (byCheck.has(r.checkId) ? [byCheck.get(r.checkId)!] : [])));
    } catch (err) {
      this.log.error({ err, runs: batch.length }, 'could not store check results');
      for (const p of batch) p.reject(err);
    }
    if (this.pending.length > 0) this.kick(this.pendingRows >= this.maxRows || this.pending.length >= MAX_BATCH_RUNS ? 0 : this.delayMs);
  }

  // Partitions are made once per day seen; the statement runs outside the write transaction.
  private async ensureDays(rows: StatusRow[]): Promise<void> {
    const missing = daysOf(rows.map((r) => r.time)).filter((d) => !this.knownDays.has(d));
    if (missing.length === 0) return;
    await ensurePartitions(this.db.kysely, new Date(Math.min(...missing) * DAY), new Date(Math.max(...missing) * DAY));
    for (const d of missing) this.knownDays.add(d);
  }
}
