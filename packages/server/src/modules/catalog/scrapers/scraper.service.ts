// Running scrapers: Run Now (answering with the run's summary) and the scheduler loop of this process.
// Both take the scraper's lease first, so one scraper never runs twice at once across processes.
import type { AppContext } from '../../../context.js';
import { ownerId } from '../../../jobs/instance.js';
import { nextRunAfter } from './next-run.js';
import { acquireLease, claimDue, releaseLease, setSchedule, unscheduled } from './schedule.repository.js';
import { runScraper, type ScrapeRunOutcome } from './scrape-run.js';
import { scraperById } from './scraper.repository.js';

// A run holding its lease longer than this is presumed dead and may be taken over.
const LEASE_MS = 30 * 60_000;
// Starts with this process's instance id, so a start after a crash releases the lease at once.
const OWNER = ownerId('scraper');

/** The scraper is being scraped already (by the schedule or another Run Now). */
export class ScraperBusyError extends Error {
  constructor() {
    super('The scraper is already running; try again when the current run has finished');
  }
}

/** Run a scraper now; undefined when no live scraper has this id. Throws ScraperBusyError while it runs. */
export async function runScraperNow(ctx: AppContext, id: string): Promise<ScrapeRunOutcome | undefined> {
  const scraper = await scraperById(ctx.db.pool, id);
  if (!scraper) return undefined;
  if (!(await acquireLease(ctx.db.pool, id, OWNER, LEASE_MS))) throw new ScraperBusyError();
  try {
    return await runScraper(ctx, scraper);
  } finally {
    await releaseLease(ctx.db.pool, id, OWNER, new Date());
  }
}

/**
 * The scrape scheduler of one process: every tick it schedules new or edited scrapers (a new one runs at
 * once), claims due ones and runs them one after another, then moves each to its next run.
 */
export class ScraperScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly tickMs = 5_000,
  ) {}

  /** Start ticking. */
  start(): void {
    this.stopped = false;
    this.schedule(250);
  }

  /** Stop ticking and wait for the run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((err: unknown) => this.ctx.log.warn({ err }, 'scrape scheduler tick failed'))
        .finally(() => this.schedule(this.tickMs));
    }, ms);
    this.timer.unref();
  }

  /** One pass: sync schedules, then run what is due. */
  async tick(): Promise<void> {
    const db = this.ctx.db.pool;
    for (const s of await unscheduled(db)) {
      try {
        await setSchedule(db, s.id, s.schedule, s.fresh ? new Date() : nextRunAfter(s.schedule, new Date()), null);
      } catch (err) {
        await setSchedule(db, s.id, s.schedule, null, (err as Error).message);
      }
    }
    while (!this.stopped) {
      const [id] = await claimDue(db, OWNER, 1, LEASE_MS);
      if (!id) break;
      const scraper = await scraperById(db, id);
      const started = new Date();
      try {
        if (scraper) await runScraper(this.ctx, scraper);
      } catch (err) {
        this.ctx.log.warn({ err, scraper: id }, 'scheduled scrape failed');
      } finally {
        let next: Date | null = null;
        try {
          next = scraper ? nextRunAfter(scraper.schedule, started) : null;
        } catch {
          next = null;
        }
        await releaseLease(db, id, OWNER, started, next);
      }
    }
  }
}
