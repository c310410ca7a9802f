import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/pool.js';
import type { Database } from '../db/schema.js';
import type { Cron } from '../scheduling/cron.js';
import type { ScheduleRepository } from './schedule.repository.js';

// Re-check at least this often, so a clock jump or a missed timer cannot stall schedules for long.
const MAX_SLEEP_MS = 60_000;
// Timers may fire a hair early against Date.now(); waking slightly late lands safely past the tick.
const WAKE_MARGIN_MS = 3;

export interface TickerEntry {
  name: string;
  cron: Cron;
}

/** What happens to a won tick: queued inside the claiming transaction (claim and job commit together), then woken. */
export interface TickSink {
  enqueue(name: string, tick: Date, trx: Kysely<Database>): Promise<void>;
  wake(name: string): void;
}

/**
 * Per-process clock of the periodic schedules. At each cron tick every process tries to claim it in
 * job_schedules; the one that wins enqueues the run, so a tick fires once across all processes.
 * A tick missed while every process was down runs once at the next start.
 */
export class ScheduleTicker {
  private readonly seen = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private ticking: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly repo: ScheduleRepository,
    private readonly entries: TickerEntry[],
    private readonly sink: TickSink,
    private readonly owner: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Register every schedule (a new one starts at its latest tick, without running) and start ticking. */
  async start(): Promise<void> {
    const now = new Date();
    for (const e of this.entries) {
      const last = await this.repo.register(e.name, e.cron.expression, e.cron.previous(now));
      this.seen.set(e.name, last.getTime());
    }
    this.ticking = this.tick();
    await this.ticking;
  }

  /** Stop ticking and wait for a claim in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
  }

  private async tick(): Promise<void> {
    const now = new Date();
    for (const e of this.entries) {
      if (this.stopped) return;
      const due = e.cron.previous(now).getTime();
      if (due <= (this.seen.get(e.name) ?? 0)) continue;
      this.seen.set(e.name, due);
      try {
        await this.claim(e.name, new Date(due));
      } catch (err) {
        this.log.error({ err, schedule: e.name }, 'could not claim a schedule tick');
      }
    }
    this.arm();
  }

  private async claim(name: string, tick: Date): Promise<void> {
    const won = await this.db.kysely.transaction().execute(async (trx) => {
      if (!(await this.repo.claim(trx, name, tick, this.owner))) return false;
      await this.sink.enqueue(name, tick, trx);
      return true;
    });
    if (won) this.sink.wake(name);
  }

  private arm(): void {
    if (this.stopped || this.entries.length === 0) return;
    const now = new Date();
    const next = Math.min(...this.entries.map((e) => e.cron.next(now).getTime()));
    const delay = Math.min(Math.max(next - now.getTime() + WAKE_MARGIN_MS, 0), MAX_SLEEP_MS);
    this.timer = setTimeout(() => {
      this.ticking = this.tick();
    }, delay);
    this.timer.unref();
  }
}
