// Running scrapers: Run Now (answering with the run's summary) and the scrape scheduler of this process,
// the spec scheduler (scheduling/) with scrapers as its kind. Both take the scraper's lease, so one
// scraper never runs twice at once across processes.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { Database } from '../../../db/schema.js';
import { ownerId } from '../../../jobs/instance.js';
import {
  completeRuns,
  nextRunAfter,
  ResourceBusyError,
  SpecScheduler,
  withRunLease,
  type ChangedResource,
  type ClaimedRun,
  type ScheduledKind,
  type SyncedSchedule,
} from '../../../scheduling/index.js';
import { runScraper, type ScrapeRunOutcome } from './scrape-run.js';
import { scraperSchedule } from './scraper-spec.js';
import { scraperScheduleRow, SCRAPE_RUN_TIMEOUT_MS, SCRAPER_SCHEDULE_KIND } from './scraper-sync.js';
import { scraperById } from './scraper.repository.js';

/** The scraper is being scraped already (by the schedule or another Run Now). */
export class ScraperBusyError extends Error {
  constructor() {
    super('The scraper is already running; try again when the current run has finished');
  }
}

/** Run a scraper now; undefined when no live scraper has this id. Throws ScraperBusyError while it runs. */
export async function runScraperNow(ctx: AppContext, id: string): Promise<ScrapeRunOutcome | undefined> {
  const scraper = await scraperById(ctx.db.kysely, id);
  if (!scraper) return undefined;
  const lease = {
    kind: SCRAPER_SCHEDULE_KIND,
    resourceId: id,
    owner: ownerId('scraper-run-now'),
    leaseMs: SCRAPE_RUN_TIMEOUT_MS,
    waitMs: 0,
    busyMessage: new ScraperBusyError().message,
  };
  try {
    return await withRunLease(ctx.db, lease, () => runScraper(ctx, scraper));
  } catch (err) {
    if (err instanceof ResourceBusyError) throw new ScraperBusyError();
    throw err;
  }
}

/** Scrapers as a scheduled kind: a new scraper runs at once, then whole intervals after its last run. */
class ScraperRuns implements ScheduledKind {
  readonly kind = SCRAPER_SCHEDULE_KIND;

  constructor(
    private readonly ctx: AppContext,
    private readonly owner: string,
  ) {}

  sync(trx: Kysely<Database>, change: ChangedResource, now: Date): Promise<SyncedSchedule> {
    return scraperScheduleRow(trx, change, now);
  }

  async run(claim: ClaimedRun): Promise<void> {
    const scraper = await scraperById(this.ctx.db.kysely, claim.resourceId);
    const started = new Date();
    try {
      if (scraper) await runScraper(this.ctx, scraper);
    } catch (err) {
      this.ctx.log.warn({ err, scraper: claim.resourceId }, 'scheduled scrape failed');
    }
    const schedule = scraper && scraperSchedule(scraper.spec);
    const next = schedule ? (nextRunAfter(schedule, claim.resourceId, claim.slot, new Date(), 'previous-run').next ?? null) : null;
    await completeRuns(this.ctx.db.kysely, this.kind, this.owner, [
      { resourceId: claim.resourceId, version: claim.version, next, ranAt: started },
    ]);
  }
}

/** The scrape scheduler of one process: scrapes run one at a time, due ones claimed every second. */
export class ScraperScheduler extends SpecScheduler {
  constructor(ctx: AppContext) {
    // Starts with this process's instance id, so a start after a crash frees its leases at once.
    const owner = ownerId(`scraper-${randomBytes(3).toString('hex')}`);
    super(ctx.db, ctx.log, new ScraperRuns(ctx, owner), owner, { concurrency: 1, claimIntervalMs: 1_000, lookaheadMs: 0 });
  }
}
