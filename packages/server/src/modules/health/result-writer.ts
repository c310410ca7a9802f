// Batches the results of scheduled runs: statuses of many runs go in one INSERT, the checks in one
// UPDATE and the schedule rows in another, all in one transaction, a few times a second. At thousands of
// checks a minute this keeps the write cost per run to a fraction of a statement.
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/pool.js';
import type { Database } from '../../db/schema.js';
import type { EventQueue } from '../../jobs/event-queue.js';
import { completeRuns, type RunCompletion } from '../../scheduling/index.js';
import { CANARY_SCHEDULE_KIND } from './canary-sync.js';
import { daysOf, ensurePartitions, writeStatuses, type StatusRow, type Transition } from './check-results.repository.js';
import { emitTransitions } from './check-events.js';

interface Pending {
  rows: StatusRow[];
  completion: RunCompletion;
  resolve: (t: Transition[]) => void;
  reject: (err: unknown) => void;
}

const DAY = 86_400_000;

export interface WriterOptions {
  /** Flush when this many statuses wait (default 500). */
  maxRows?: number;
  /** Flush at most this long after the first waiting result (default 200 ms). */
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
    private readonly log: FastifyBaseLogger,
    opts: WriterOptions = {},
  ) {
    this.maxRows = opts.maxRows ?? 500;
    this.delayMs = opts.delayMs ?? 200;
  }

  /** Store a run's statuses and close its schedule row; resolves once committed, with its transitions. */
  write(rows: StatusRow[], completion: RunCompletion): Promise<Transition[]> {
    return new Promise((resolve, reject) => {
      this.pending.push({ rows, completion, resolve, reject });
      this.pendingRows += rows.length;
      if (this.pendingRows >= this.maxRows) this.kick(0);
      else this.kick(this.delayMs);
    });
  }

  /** Write whatever waits and wait for writes in progress. */
  async drain(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(() => this.flush());
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
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    this.pendingRows = 0;
    const rows = batch.flatMap((p) => p.rows);
    try {
      await this.ensureDays(rows);
      const transitions = await this.db.kysely.transaction().execute(async (trx) => {
        const t = await writeStatuses(trx, rows);
        const closed = await completeRuns(
          trx,
          CANARY_SCHEDULE_KIND,
          this.owner,
          batch.map((p) => p.completion),
        );
        await showNextRuns(trx, closed);
        return t;
      });
      await emitTransitions(this.events, transitions, this.log);
      const byCheck = new Map(transitions.map((t) => [t.checkId, t]));
      for (const p of batch) p.resolve(p.rows.flatMap((r) => (byCheck.has(r.checkId) ? [byCheck.get(r.checkId)!] : [])));
    } catch (err) {
      this.log.error({ err, runs: batch.length }, 'could not store check results');
      for (const p of batch) p.reject(err);
    }
    if (this.pending.length > 0) this.kick(this.pendingRows >= this.maxRows ? 0 : this.delayMs);
  }

  // Partitions are made once per day seen; the statement runs outside the write transaction.
  private async ensureDays(rows: StatusRow[]): Promise<void> {
    const missing = daysOf(rows.map((r) => r.time)).filter((d) => !this.knownDays.has(d));
    if (missing.length === 0) return;
    await ensurePartitions(this.db.kysely, new Date(Math.min(...missing) * DAY), new Date(Math.max(...missing) * DAY));
    for (const d of missing) this.knownDays.add(d);
  }
}

// The checks of closed runs show when their canary runs next (one statement for the whole batch).
async function showNextRuns(trx: Kysely<Database>, closed: { resourceId: string; next: Date | null }[]): Promise<void> {
  if (closed.length === 0) return;
  await sql`
    UPDATE checks c SET next_runtime = v.next
    FROM unnest(${closed.map((r) => r.resourceId)}::uuid[], ${closed.map((r) => r.next)}::timestamptz[]) AS v(canary_id, next)
    WHERE c.canary_id = v.canary_id AND c.deleted_at IS NULL AND c.next_runtime IS DISTINCT FROM v.next`.execute(trx);
}
