// spec_schedules: when each applied spec runs next and who holds its lease. Due runs are claimed with
// FOR UPDATE SKIP LOCKED and leased, so each run happens in exactly one server process (ADR 0003, 0014).
import { sql, type Kysely } from 'kysely';
import { timeArray, uuidArray } from '../db/array-literals.js';
import type { Database } from '../db/schema.js';

type Q = Kysely<Database>;

/** A run this process claimed: the resource, the time it was due, and the schedule version it belongs to. */
export interface ClaimedRun {
  resourceId: string;
  slot: Date;
  version: number;
  timeoutMs: number;
}

/** How a finished (or abandoned) run leaves its schedule row. */
export interface RunCompletion {
  resourceId: string;
  version: number;
  /** The next run; null when the resource never runs again by itself. */
  next: Date | null;
  /** When the run started; null when it did not run (given back on shutdown). */
  ranAt: Date | null;
}

/** A resource changed since its last sync, and when it last ran (undefined: never). */
export interface ChangedResource {
  resourceId: string;
  lastRunAt: Date | undefined;
}

/** What a sync decided for a resource: its schedule text, run timeout and next run, or why it cannot run. */
export interface SyncedSchedule {
  schedule: string;
  timeoutMs: number;
  nextRunAt: Date | null;
  error: string | null;
}

// A lease outlives the run's timeout by this much before another process may take the resource over.
const LEASE_MARGIN_MS = 30_000;

/** Claim up to `limit` runs of `kind` due within `lookaheadMs`, oldest first, for `owner`. */
export async function claimDue(db: Q, kind: string, owner: string, limit: number, lookaheadMs: number): Promise<ClaimedRun[]> {
  const res = await sql<{ resource_id: string; next_run_at: Date; version: string; timeout_ms: number }>`
    UPDATE spec_schedules s
    SET claimed_by = ${owner}, claimed_at = now(),
        lease_until = greatest(s.next_run_at, now()) + make_interval(secs => (s.timeout_ms + ${LEASE_MARGIN_MS}) / 1000.0)
    FROM (SELECT resource_id FROM spec_schedules
          WHERE kind = ${kind} AND next_run_at <= now() + make_interval(secs => ${lookaheadMs / 1000})
            AND NOT dirty AND (lease_until IS NULL OR lease_until < now())
          ORDER BY next_run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
    WHERE s.kind = ${kind} AND s.resource_id = due.resource_id
    RETURNING s.resource_id, s.next_run_at, s.version, s.timeout_ms`.execute(db);
  return res.rows.map((r) => ({ resourceId: r.resource_id, slot: r.next_run_at, version: Number(r.version), timeoutMs: r.timeout_ms }));
}

/**
 * Close runs: release the leases of `owner`, record when they ran, and move next_run_at on unless the
 * resource was rescheduled meanwhile (its version changed). Returns the rows closed with their next run.
 */
export async function completeRuns(
  db: Q,
  kind: string,
  owner: string,
  runs: RunCompletion[],
): Promise<{ resourceId: string; next: Date | null }[]> {
  if (runs.length === 0) return [];
  const res = await completeRunsQuery(kind, owner, runs).execute(db);
  return res.rows.map((r) => ({ resourceId: r.resource_id, next: r.next_run_at }));
}

/**
 * The statement of `completeRuns`, for a caller that makes it part of a larger one (the check result
 * writer closes a batch's runs in the statement that stores their results). Returns resource_id, next_run_at.
 */
export function completeRunsQuery(kind: string, owner: string, runs: RunCompletion[]) {
  const ids = uuidArray(runs.map((r) => r.resourceId));
  return sql<{ resource_id: string; next_run_at: Date | null }>`
    UPDATE spec_schedules s
    SET next_run_at = CASE WHEN s.version = v.version THEN v.next ELSE s.next_run_at END,
        last_run_at = coalesce(v.ran_at, s.last_run_at),
        claimed_by = NULL, claimed_at = NULL, lease_until = NULL
    FROM unnest(${ids}::uuid[], ${runs.map((r) => r.version)}::bigint[],
                ${timeArray(runs.map((r) => r.next))}::timestamptz[], ${timeArray(runs.map((r) => r.ranAt))}::timestamptz[])
      AS v(resource_id, version, next, ran_at),
      (${lockedInOrder(kind, ids)}) lk
    WHERE s.kind = ${kind} AND s.resource_id = v.resource_id AND lk.resource_id = s.resource_id AND s.claimed_by = ${owner}
    RETURNING s.resource_id, s.next_run_at`;
}

/**
 * Lock the schedule rows of resources being applied, in resource id order, before anything else of them is
 * written: the result writer takes the same rows in the same order before it touches their checks, so an
 * apply and a batch of results wait for each other instead of deadlocking.
 */
export async function lockSchedules(trx: Q, kind: string, resourceIds: string[]): Promise<void> {
  if (resourceIds.length > 0) await lockedInOrder(kind, uuidArray(resourceIds)).execute(trx);
}

// The schedule rows of `ids` locked one by one in id order (the sort sits below the row locks).
function lockedInOrder(kind: string, ids: string) {
  return sql<{ resource_id: string }>`
    SELECT resource_id FROM spec_schedules WHERE kind = ${kind} AND resource_id = ANY(${ids}::uuid[])
    ORDER BY resource_id FOR UPDATE`;
}

/** Take the lease of one resource for a run outside its schedule (Run Now); undefined while it runs. */
export async function acquireLease(
  db: Q,
  kind: string,
  resourceId: string,
  owner: string,
  leaseMs: number,
): Promise<{ version: number } | undefined> {
  const res = await sql<{ version: string }>`
    INSERT INTO spec_schedules AS s (kind, resource_id, dirty, claimed_by, claimed_at, lease_until)
    VALUES (${kind}, ${resourceId}, true, ${owner}, now(), now() + make_interval(secs => ${(leaseMs + LEASE_MARGIN_MS) / 1000}))
    ON CONFLICT (kind, resource_id) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_at = now(), lease_until = excluded.lease_until
    WHERE s.lease_until IS NULL OR s.lease_until < now()
    RETURNING s.version`.execute(db);
  const row = res.rows[0];
  return row ? { version: Number(row.version) } : undefined;
}

/** Give a Run Now lease back without touching the schedule; `ranAt` records the run. */
export async function releaseLease(db: Q, kind: string, resourceId: string, owner: string, ranAt?: Date): Promise<void> {
  await sql`UPDATE spec_schedules SET claimed_by = NULL, claimed_at = NULL, lease_until = NULL,
              last_run_at = coalesce(${ranAt ?? null}::timestamptz, last_run_at)
            WHERE kind = ${kind} AND resource_id = ${resourceId} AND claimed_by = ${owner}`.execute(db);
}

/** Resources of `kind` changed since their last sync, locked for this transaction (other processes skip them). */
export async function lockDirty(trx: Q, kind: string, limit: number): Promise<ChangedResource[]> {
  const res = await sql<{ resource_id: string; last_run_at: Date | null }>`
    SELECT resource_id, last_run_at FROM spec_schedules WHERE kind = ${kind} AND dirty
    ORDER BY updated_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(trx);
  return res.rows.map((r) => ({ resourceId: r.resource_id, lastRunAt: r.last_run_at ?? undefined }));
}

/** Whether any resource of `kind` changed since its last sync (one statement, no transaction, no locks). */
export async function anyDirty(db: Q, kind: string): Promise<boolean> {
  const res = await sql<{ any: boolean }>`SELECT EXISTS (SELECT FROM spec_schedules WHERE kind = ${kind} AND dirty) AS any`.execute(db);
  return res.rows[0]?.any === true;
}

/** Record the outcome of a sync and start a new schedule version (runs of older versions keep out). */
export async function markSynced(db: Q, kind: string, resourceId: string, s: SyncedSchedule): Promise<void> {
  await sql`
    INSERT INTO spec_schedules AS cs (kind, resource_id, dirty, version, schedule, timeout_ms, next_run_at, error)
    VALUES (${kind}, ${resourceId}, false, 1, ${s.schedule}, ${s.timeoutMs}, ${s.nextRunAt}, ${s.error})
    ON CONFLICT (kind, resource_id) DO UPDATE SET dirty = false, version = cs.version + 1, schedule = excluded.schedule,
      timeout_ms = excluded.timeout_ms, next_run_at = excluded.next_run_at, error = excluded.error, updated_at = now()`.execute(db);
}

/** The earliest time a run of `kind` still in progress was due: statuses before it are final. */
export async function oldestRunningSlot(db: Q, kind: string): Promise<Date | undefined> {
  const res = await sql<{ t: Date | null }>`
    SELECT min(least(claimed_at, next_run_at)) AS t FROM spec_schedules WHERE kind = ${kind} AND lease_until > now()`.execute(db);
  return res.rows[0]?.t ?? undefined;
}

/** Release every lease a (dead) process holds; its owner ids start with `instanceId`. Returns how many. */
export async function releaseLeasesOf(db: Q, instanceId: string): Promise<number> {
  const res = await sql`UPDATE spec_schedules SET claimed_by = NULL, claimed_at = NULL, lease_until = NULL
    WHERE claimed_by = ${instanceId} OR starts_with(claimed_by, ${instanceId + ':'})`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** The schedule row of a resource (tests, status pages). */
export async function scheduleOf(db: Q, kind: string, resourceId: string) {
  return db.selectFrom('spec_schedules').selectAll().where('kind', '=', kind).where('resource_id', '=', resourceId).executeTakeFirst();
}
