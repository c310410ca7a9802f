// The claim table of the check scheduler (canary_schedules): due runs are claimed with FOR UPDATE SKIP
// LOCKED and leased, so each run happens in exactly one server process.
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/pool.js';
import type { Database } from '../../db/schema.js';

/** A run this process claimed: the canary, the time it was due, and the schedule version it belongs to. */
export interface ClaimedRun {
  canaryId: string;
  slot: Date;
  version: number;
  timeoutMs: number;
}

/** How a finished (or abandoned) run leaves its schedule row. */
export interface RunCompletion {
  canaryId: string;
  version: number;
  /** The next run; null when the canary never runs again by itself. */
  next: Date | null;
  /** When the run started; null when it did not run (released on shutdown). */
  ranAt: Date | null;
}

// A lease outlives the run's timeout by this much before another process may take the canary over.
const LEASE_MARGIN_MS = 30_000;

/** Claim up to `limit` runs due within `lookaheadMs`, oldest first, for `owner`. */
export async function claimDue(db: Db, owner: string, limit: number, lookaheadMs: number): Promise<ClaimedRun[]> {
  const res = await sql<{ canary_id: string; next_run_at: Date; version: number; timeout_ms: number }>`
    UPDATE canary_schedules s
    SET claimed_by = ${owner}, claimed_at = now(),
        lease_until = greatest(s.next_run_at, now()) + make_interval(secs => (s.timeout_ms + ${LEASE_MARGIN_MS}) / 1000.0)
    FROM (SELECT canary_id FROM canary_schedules
          WHERE next_run_at <= now() + make_interval(secs => ${lookaheadMs / 1000})
            AND NOT dirty AND (lease_until IS NULL OR lease_until < now())
          ORDER BY next_run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
    WHERE s.canary_id = due.canary_id
    RETURNING s.canary_id, s.next_run_at, s.version, s.timeout_ms`.execute(db.kysely);
  return res.rows.map((r) => ({ canaryId: r.canary_id, slot: r.next_run_at, version: Number(r.version), timeoutMs: r.timeout_ms }));
}

/**
 * Close runs: release the leases of `owner`, record when they ran, and move next_run_at on unless the
 * canary was rescheduled meanwhile (its version changed). The checks' next_runtime follows.
 */
export async function completeRuns(db: Kysely<Database>, owner: string, runs: RunCompletion[]): Promise<void> {
  if (runs.length === 0) return;
  await sql`
    WITH v AS (
      SELECT * FROM unnest(${runs.map((r) => r.canaryId)}::uuid[], ${runs.map((r) => r.version)}::bigint[],
                           ${runs.map((r) => r.next)}::timestamptz[], ${runs.map((r) => r.ranAt)}::timestamptz[])
        AS v(canary_id, version, next, ran_at)
    ), upd AS (
      UPDATE canary_schedules s
      SET next_run_at = CASE WHEN s.version = v.version THEN v.next ELSE s.next_run_at END,
          last_run_at = coalesce(v.ran_at, s.last_run_at),
          claimed_by = NULL, claimed_at = NULL, lease_until = NULL
      FROM v WHERE s.canary_id = v.canary_id AND s.claimed_by = ${owner}
      RETURNING s.canary_id, s.next_run_at
    )
    UPDATE checks c SET next_runtime = upd.next_run_at
    FROM upd WHERE c.canary_id = upd.canary_id AND c.deleted_at IS NULL AND c.next_runtime IS DISTINCT FROM upd.next_run_at`.execute(db);
}

/** Take the lease of one canary for a run outside the schedule (Run Now); false while it is running. */
export async function acquireLease(db: Db, canaryId: string, owner: string, leaseMs: number): Promise<{ version: number } | undefined> {
  const res = await sql<{ version: number }>`
    INSERT INTO canary_schedules AS s (canary_id, dirty) VALUES (${canaryId}, true)
    ON CONFLICT (canary_id) DO UPDATE SET claimed_by = ${owner}, claimed_at = now(),
      lease_until = now() + make_interval(secs => ${(leaseMs + LEASE_MARGIN_MS) / 1000})
    WHERE s.lease_until IS NULL OR s.lease_until < now()
    RETURNING s.version`.execute(db.kysely);
  const row = res.rows[0];
  return row ? { version: Number(row.version) } : undefined;
}

/** Give a Run Now lease back without touching the schedule. */
export async function releaseLease(db: Db, canaryId: string, owner: string): Promise<void> {
  await sql`UPDATE canary_schedules SET claimed_by = NULL, claimed_at = NULL, lease_until = NULL
            WHERE canary_id = ${canaryId} AND claimed_by = ${owner}`.execute(db.kysely);
}

/** Canaries changed since their last sync, locked for this transaction (other processes skip them). */
export async function lockDirty(trx: Kysely<Database>, limit: number): Promise<string[]> {
  const res = await sql<{ canary_id: string }>`
    SELECT canary_id FROM canary_schedules WHERE dirty ORDER BY updated_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(trx);
  return res.rows.map((r) => r.canary_id);
}

/** Record the outcome of a sync: the schedule, timeout and first run, or why the canary cannot run. */
export async function markSynced(
  db: Kysely<Database>,
  canaryId: string,
  s: { schedule: string; timeoutMs: number; nextRunAt: Date | null; error: string | null },
): Promise<void> {
  await sql`
    INSERT INTO canary_schedules AS cs (canary_id, dirty, version, schedule, timeout_ms, next_run_at, error)
    VALUES (${canaryId}, false, 1, ${s.schedule}, ${s.timeoutMs}, ${s.nextRunAt}, ${s.error})
    ON CONFLICT (canary_id) DO UPDATE SET dirty = false, version = cs.version + 1, schedule = excluded.schedule,
      timeout_ms = excluded.timeout_ms, next_run_at = excluded.next_run_at, error = excluded.error, updated_at = now()`.execute(db);
  await sql`UPDATE checks SET next_runtime = ${s.nextRunAt} WHERE canary_id = ${canaryId} AND deleted_at IS NULL`.execute(db);
}

/** The earliest time a run still in progress was due: statuses before it are final (rollup cutoff). */
export async function oldestRunningSlot(db: Db): Promise<Date | undefined> {
  const res = await sql<{ t: Date | null }>`
    SELECT min(least(claimed_at, next_run_at)) AS t FROM canary_schedules WHERE lease_until > now()`.execute(db.kysely);
  return res.rows[0]?.t ?? undefined;
}

/** The schedule row of a canary (tests and the settings page). */
export async function scheduleOf(db: Db, canaryId: string) {
  return db.kysely.selectFrom('canary_schedules').selectAll().where('canary_id', '=', canaryId).executeTakeFirst();
}
