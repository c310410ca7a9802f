// The hourly catalogue retention job (jobs/schedules.ts): each live scraper's `retention` rules also apply
// between its scrapes, so a scraper scheduled rarely (or failing) still ages its changes and items out.
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { JobRun } from '../../jobs/job-run.js';
import { applyRetention } from './persistence/retention.repository.js';
import { retentionRules } from './scrapers/scraper-spec.js';

/** Apply every live scraper's retention; counts go into the run's summary. */
export async function catalogRetentionJob(ctx: AppContext, run: JobRun): Promise<void> {
  // config_scrapers is not in db/schema.ts, so `sql` rather than the builder (ADR 0012).
  const { rows } = await sql<{ id: string; retention: Record<string, unknown> }>`
    SELECT id, spec->'retention' AS retention FROM config_scrapers WHERE deleted_at IS NULL AND jsonb_typeof(spec->'retention') = 'object'`.execute(
    ctx.db.kysely,
  );
  const totals = { scrapers: 0, changes_deleted: 0, items_deleted: 0, items_purged: 0, stale_deleted: 0 };
  for (const row of rows) {
    try {
      const rules = retentionRules(row.retention as never);
      if (!rules) continue;
      const c = await applyRetention(ctx.db.pool, row.id, rules, new Date());
      totals.scrapers++;
      totals.changes_deleted += c.changes_deleted;
      totals.items_deleted += c.items_deleted;
      totals.items_purged += c.items_purged;
      totals.stale_deleted += c.stale_deleted;
      run.success();
    } catch (err) {
      run.error(`scraper ${row.id}: ${(err as Error).message}`);
    }
  }
  run.details.summary = totals;
}
