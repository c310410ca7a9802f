// config_scraper_schedules: when each scraper runs next, and a lease so one scraper never runs twice at
// once across server processes (scheduled runs and Run Now alike).
import type { Queryable } from '../persistence/queryable.js';

/**
 * Live scrapers whose schedule row is missing or holds another schedule text (new or edited scrapers);
 * `fresh` when the scraper was never scheduled nor run (it runs at once).
 */
export async function unscheduled(q: Queryable): Promise<{ id: string; schedule: string; fresh: boolean }[]> {
  const res = await q.query<{ id: string; schedule: string; fresh: boolean }>(
    `SELECT s.id, s.schedule, (c.scraper_id IS NULL OR (c.schedule = '' AND c.last_run_at IS NULL)) AS fresh
     FROM config_scrapers s LEFT JOIN config_scraper_schedules c ON c.scraper_id = s.id
     WHERE s.deleted_at IS NULL AND (c.scraper_id IS NULL OR c.schedule <> s.schedule)`,
  );
  return res.rows;
}

/** Set a scraper's schedule text and next run (null with `error` when its schedule is invalid). */
export async function setSchedule(q: Queryable, id: string, schedule: string, next: Date | null, error: string | null): Promise<void> {
  await q.query(
    `INSERT INTO config_scraper_schedules (scraper_id, schedule, next_run_at, error) VALUES ($1, $2, $3, $4)
     ON CONFLICT (scraper_id) DO UPDATE SET schedule = excluded.schedule, next_run_at = excluded.next_run_at, error = excluded.error`,
    [id, schedule, next, error],
  );
}

/** Claim up to `limit` due scrapers for `owner` with a lease of `leaseMs`. */
export async function claimDue(q: Queryable, owner: string, limit: number, leaseMs: number): Promise<string[]> {
  const res = await q.query<{ scraper_id: string }>(
    `UPDATE config_scraper_schedules c SET claimed_by = $1, lease_until = now() + $3::interval
     FROM (SELECT c2.scraper_id FROM config_scraper_schedules c2 JOIN config_scrapers s ON s.id = c2.scraper_id AND s.deleted_at IS NULL
           WHERE c2.next_run_at <= now() AND (c2.lease_until IS NULL OR c2.lease_until < now())
           ORDER BY c2.next_run_at LIMIT $2 FOR UPDATE OF c2 SKIP LOCKED) due
     WHERE c.scraper_id = due.scraper_id RETURNING c.scraper_id`,
    [owner, limit, `${leaseMs} milliseconds`],
  );
  return res.rows.map((r) => r.scraper_id);
}

/** Take the lease for a run outside the schedule; false while another run holds it. A new row has no schedule yet. */
export async function acquireLease(q: Queryable, id: string, owner: string, leaseMs: number): Promise<boolean> {
  const res = await q.query(
    `INSERT INTO config_scraper_schedules AS c (scraper_id, schedule, claimed_by, lease_until) VALUES ($1, '', $2, now() + $3::interval)
     ON CONFLICT (scraper_id) DO UPDATE SET claimed_by = $2, lease_until = now() + $3::interval
     WHERE c.lease_until IS NULL OR c.lease_until < now()`,
    [id, owner, `${leaseMs} milliseconds`],
  );
  return (res.rowCount ?? 0) > 0;
}

/** Release the lease after a run; `next` moves the schedule on (undefined keeps it). */
export async function releaseLease(q: Queryable, id: string, owner: string, ranAt: Date, next?: Date | null): Promise<void> {
  await q.query(
    `UPDATE config_scraper_schedules SET claimed_by = NULL, lease_until = NULL, last_run_at = $3,
       next_run_at = CASE WHEN $4::boolean THEN $5::timestamptz ELSE next_run_at END
     WHERE scraper_id = $1 AND claimed_by = $2`,
    [id, owner, ranAt, next !== undefined, next ?? null],
  );
}
