// Rows of playbook_runs as the engine reads and moves them: insert, claim with a lease, release, finish.
// Every change by a worker is conditioned on its claim and on the run not being final, so a cancel (or a
// recovery) between two steps is never overwritten.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { RunSpec } from './engine-spec.js';
import { ORPHANED_ACTION_ERROR } from './run-actions.repository.js';

type Q = Kysely<Database>;

/** A run as the engine works on it. */
export interface RunRow {
  id: string;
  playbook_id: string;
  status: string;
  spec: RunSpec;
  parameters: Record<string, unknown>;
  trigger: string;
  request: unknown;
  error: string | null;
  component_id: string | null;
  config_id: string | null;
  check_id: string | null;
  parent_id: string | null;
  timeout_ms: number | null;
  created_by: string | null;
  created_at: Date;
  scheduled_time: Date;
  start_time: Date | null;
  end_time: Date | null;
  claimed_by: string | null;
}

/** A claimed run, and whether this claim is its first start. */
export interface ClaimedRunRow extends RunRow {
  first_start: boolean;
}

export interface NewRun {
  id: string;
  playbookId: string;
  status: 'scheduled' | 'pending_approval';
  spec: unknown;
  parameters: Record<string, unknown>;
  trigger: string;
  request?: unknown;
  componentId?: string | null;
  configId?: string | null;
  checkId?: string | null;
  parentId?: string | null;
  timeoutMs: number | null;
  createdBy?: string | null;
}

const FINAL = sql`('completed', 'failed', 'cancelled', 'timed_out')`;
/** How long a claim holds without renewal; a live worker renews it every few seconds. */
export const LEASE_SECONDS = 60;
/** The channel that wakes idle workers (payload 'wake') and tells the owner of a run it was cancelled ('cancel:<id>'). */
export const PLAYBOOK_CHANNEL = 'playbook_runs';

/** Insert a run; returns its due time. */
export async function insertRun(db: Q, run: NewRun): Promise<Date> {
  const res = await sql<{ scheduled_time: Date }>`
    INSERT INTO playbook_runs (id, playbook_id, status, spec, parameters, trigger, request, component_id, config_id, check_id,
                               parent_id, timeout_ms, created_by)
    VALUES (${run.id}, ${run.playbookId}, ${run.status}, ${JSON.stringify(run.spec)}::jsonb, ${JSON.stringify(run.parameters)}::jsonb,
            ${run.trigger}, ${run.request === undefined ? null : JSON.stringify(run.request)}::jsonb, ${run.componentId ?? null},
            ${run.configId ?? null}, ${run.checkId ?? null}, ${run.parentId ?? null}, ${run.timeoutMs}, ${run.createdBy ?? null})
    RETURNING scheduled_time`.execute(db);
  return res.rows[0]!.scheduled_time;
}

/** One run by id (any status). */
export async function runById(db: Q, id: string): Promise<RunRow | undefined> {
  const res = await sql<RunRow>`SELECT * FROM playbook_runs WHERE id = ${id}`.execute(db);
  return res.rows[0];
}

/** Wake idle workers of every process (after the inserting transaction commits). */
export async function notifyWorkers(db: Q, payload = 'wake'): Promise<void> {
  await sql`SELECT pg_notify(${PLAYBOOK_CHANNEL}, ${payload})`.execute(db);
}

/**
 * Claim up to `limit` due runs for `owner`: unfinished, due, and unclaimed or claimed by a process no longer
 * registered (recovery removed it). SKIP LOCKED, so two workers never take one run.
 */
export async function claimDueRuns(db: Q, owner: string, limit: number): Promise<ClaimedRunRow[]> {
  if (limit <= 0) return [];
  const res = await sql<ClaimedRunRow>`
    WITH due AS (
      SELECT id, start_time IS NULL AS first_start FROM playbook_runs p
      WHERE status IN ('scheduled', 'running', 'sleeping', 'retrying', 'waiting') AND scheduled_time <= now()
        AND (claimed_by IS NULL OR NOT EXISTS (
          SELECT 1 FROM server_instances si WHERE p.claimed_by = si.id OR starts_with(p.claimed_by, si.id || ':')))
      ORDER BY scheduled_time
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE playbook_runs r SET claimed_by = ${owner}, lease_until = now() + make_interval(secs => ${LEASE_SECONDS}),
      status = 'running', start_time = coalesce(r.start_time, now())
    FROM due WHERE r.id = due.id
    RETURNING r.*, due.first_start`.execute(db);
  return res.rows;
}

/** Renew the leases of runs `owner` works on; returns those that are no longer its own or went final (cancelled). */
export async function renewLeases(db: Q, owner: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  await sql`UPDATE playbook_runs SET lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE id = ANY(${ids}::uuid[]) AND claimed_by = ${owner} AND status NOT IN ${FINAL}`.execute(db);
  return lostRuns(db, owner, ids);
}

/** Of `ids`, the runs that are final or no longer claimed by `owner` (cancelled, or taken by recovery). */
export async function lostRuns(db: Q, owner: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const res = await sql<{ id: string }>`
    SELECT id FROM playbook_runs WHERE id = ANY(${ids}::uuid[])
      AND (status IN ${FINAL} OR claimed_by IS DISTINCT FROM ${owner})`.execute(db);
  return res.rows.map((r) => r.id);
}

/** Put a claimed run back to wait until `at` (a delay or a retry), releasing the claim. False if it was lost. */
export async function releaseRun(
  db: Q,
  id: string,
  owner: string,
  status: 'sleeping' | 'retrying' | 'running',
  at?: Date,
): Promise<boolean> {
  const res = await sql`
    UPDATE playbook_runs SET status = ${status}, scheduled_time = coalesce(${at ?? null}::timestamptz, scheduled_time),
      claimed_by = NULL, lease_until = NULL
    WHERE id = ${id} AND claimed_by = ${owner} AND status NOT IN ${FINAL}`.execute(db);
  return Number(res.numAffectedRows ?? 0) === 1;
}

/** Close a claimed run with its final status. False when it was already final (cancelled) or lost. */
export async function finishRun(db: Q, id: string, owner: string, status: string, error: string | null): Promise<boolean> {
  const res = await sql`
    UPDATE playbook_runs SET status = ${status}, error = ${error}, end_time = now(), claimed_by = NULL, lease_until = NULL
    WHERE id = ${id} AND claimed_by = ${owner} AND status NOT IN ${FINAL}`.execute(db);
  return Number(res.numAffectedRows ?? 0) === 1;
}

/**
 * Release the runs a dead process claimed and fail the actions it left running (never started again: the
 * side effect may have happened). A live worker then continues each run with its next action.
 */
export async function releaseRunsOf(db: Q, instanceId: string): Promise<number> {
  const owned = sql`(claimed_by = ${instanceId} OR starts_with(claimed_by, ${instanceId + ':'}))`;
  await sql`
    UPDATE playbook_run_actions SET status = 'failed', end_time = now(), claimed_by = NULL,
      error = ${ORPHANED_ACTION_ERROR}
    WHERE status = 'running' AND ${owned}`.execute(db);
  const res = await sql`UPDATE playbook_runs SET claimed_by = NULL, lease_until = NULL WHERE ${owned}`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** Drop `owner`'s claim on a run whatever its status (after a cancel the worker lets go). */
export async function dropClaim(db: Q, id: string, owner: string): Promise<void> {
  await sql`UPDATE playbook_runs SET claimed_by = NULL, lease_until = NULL WHERE id = ${id} AND claimed_by = ${owner}`.execute(db);
}
