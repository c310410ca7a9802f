// A scraper's schedule row from its spec: read when it changes (by the scrape scheduler, or at once by
// apply and delete inside their transaction, so lists show the schedule as soon as the write commits).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { firstRunAt, markSynced, nextRunAfter, type ChangedResource, type SyncedSchedule } from '../../../scheduling/index.js';
import { parseSchedule } from '../engine/index.js';

/** spec_schedules.kind of scrapers. */
export const SCRAPER_SCHEDULE_KIND = 'scraper';
/** A run holding its lease longer than this is presumed dead and may be taken over. */
export const SCRAPE_RUN_TIMEOUT_MS = 30 * 60_000;

/** What a changed scraper's schedule row becomes: a new scraper runs at once, an edited one keeps its rhythm. */
export async function scraperScheduleRow(db: Kysely<Database>, change: ChangedResource, now: Date): Promise<SyncedSchedule> {
  const { rows } = await sql<{ spec: Record<string, unknown> }>`
    SELECT spec FROM config_scrapers WHERE id = ${change.resourceId} AND deleted_at IS NULL`.execute(db);
  const spec = rows[0]?.spec;
  if (!spec) return { schedule: '', timeoutMs: SCRAPE_RUN_TIMEOUT_MS, nextRunAt: null, error: null };
  const text = typeof spec.schedule === 'string' ? spec.schedule : undefined;
  try {
    const schedule = parseSchedule(text);
    const next = change.lastRunAt
      ? nextRunAfter(schedule, change.resourceId, change.lastRunAt, now, 'previous-run').next
      : firstRunAt(schedule, change.resourceId, now);
    return { schedule: schedule.expression, timeoutMs: SCRAPE_RUN_TIMEOUT_MS, nextRunAt: next ?? null, error: null };
  } catch (err) {
    // Written around the API's validation: recorded, not run.
    return { schedule: text ?? '', timeoutMs: SCRAPE_RUN_TIMEOUT_MS, nextRunAt: null, error: (err as Error).message };
  }
}

/** Sync one scraper's schedule now, inside the caller's transaction (apply, delete). */
export async function syncScraper(db: Kysely<Database>, scraperId: string, now = new Date()): Promise<void> {
  const { rows } = await sql<{ last_run_at: Date | null }>`
    SELECT last_run_at FROM spec_schedules WHERE kind = ${SCRAPER_SCHEDULE_KIND} AND resource_id = ${scraperId}`.execute(db);
  const change = { resourceId: scraperId, lastRunAt: rows[0]?.last_run_at ?? undefined };
  await markSynced(db, SCRAPER_SCHEDULE_KIND, scraperId, await scraperScheduleRow(db, change, now));
}
