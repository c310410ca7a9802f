// Rows of playbook_run_actions: one per attempt of an action. A row is written 'running' (and committed)
// before the action's side effect starts, then closed with its result and artifacts in one transaction.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

type Q = Kysely<Database>;

export interface ActionRow {
  id: string;
  playbook_run_id: string;
  name: string;
  position: number;
  attempt: number;
  status: string;
  scheduled_time: Date;
  start_time: Date | null;
  end_time: Date | null;
  error: string | null;
  result: Record<string, unknown> | null;
  claimed_by: string | null;
}

export interface ArtifactInput {
  path: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Artifacts larger than this are cut to it (the run keeps files, not archives). */
export const ARTIFACT_MAX_BYTES = 10 * 1024 * 1024;
export const ORPHANED_ACTION_ERROR = 'server stopped while the action ran; not retried to avoid running it twice';

// PostgreSQL's jsonb refuses the NUL character; a command's output may hold one, so it is dropped.
const jsonText = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'string' ? x.replaceAll('\0', '') : x));

/** Every attempt of every action of a run, in order. */
export async function actionRowsOf(db: Q, runId: string): Promise<ActionRow[]> {
  const res = await sql<ActionRow>`
    SELECT id, playbook_run_id, name, position, attempt, status, scheduled_time, start_time, end_time, error, result, claimed_by
    FROM playbook_run_actions WHERE playbook_run_id = ${runId} ORDER BY position, attempt`.execute(db);
  return res.rows;
}

/** Insert an attempt row in a waiting or final state (skipped, sleeping, retrying, failed before start). */
export async function insertActionRow(
  db: Q,
  row: { runId: string; name: string; position: number; attempt: number; status: string; scheduledTime?: Date; error?: string | null },
): Promise<string> {
  const final = ['skipped', 'failed', 'cancelled', 'timed_out', 'completed'].includes(row.status);
  const res = await sql<{ id: string }>`
    INSERT INTO playbook_run_actions (playbook_run_id, name, position, attempt, status, scheduled_time, error, start_time, end_time)
    VALUES (${row.runId}, ${row.name}, ${row.position}, ${row.attempt}, ${row.status}, coalesce(${row.scheduledTime ?? null}::timestamptz, now()),
            ${row.error ?? null}, CASE WHEN ${final} THEN now() END, CASE WHEN ${final} THEN now() END)
    RETURNING id`.execute(db);
  return res.rows[0]!.id;
}

/**
 * Mark an attempt running for `owner` before its side effect: a waiting row (sleeping, retrying) moves to
 * running, or a new row is inserted. Undefined when the row is no longer waiting (never run twice).
 */
export async function startActionRow(
  db: Q,
  row: { runId: string; name: string; position: number; attempt: number; owner: string; waitingId?: string },
): Promise<string | undefined> {
  // Only while the run is still this worker's and under way: an action never starts after a cancel commits.
  const ours = sql`EXISTS (SELECT 1 FROM playbook_runs WHERE id = ${row.runId} AND claimed_by = ${row.owner} AND status = 'running')`;
  if (row.waitingId) {
    const res = await sql<{ id: string }>`
      UPDATE playbook_run_actions SET status = 'running', start_time = now(), claimed_by = ${row.owner}
      WHERE id = ${row.waitingId} AND status IN ('scheduled', 'sleeping', 'retrying', 'waiting') AND ${ours} RETURNING id`.execute(db);
    return res.rows[0]?.id;
  }
  const res = await sql<{ id: string }>`
    INSERT INTO playbook_run_actions (playbook_run_id, name, position, attempt, status, start_time, claimed_by)
    SELECT ${row.runId}, ${row.name}, ${row.position}, ${row.attempt}, 'running', now(), ${row.owner} WHERE ${ours}
    ON CONFLICT (playbook_run_id, position, attempt) DO NOTHING RETURNING id`.execute(db);
  return res.rows[0]?.id;
}

/** Close a running attempt with its status, result, error and artifacts, in one transaction. */
export async function finishActionRow(
  db: Q,
  id: string,
  outcome: { status: string; result: Record<string, unknown> | null; error: string | null; artifacts?: ArtifactInput[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      UPDATE playbook_run_actions SET status = ${outcome.status}, result = ${jsonText(outcome.result)}::jsonb,
        error = ${outcome.error}, end_time = now(), claimed_by = NULL
      WHERE id = ${id} AND status = 'running'`.execute(trx);
    for (const a of outcome.artifacts ?? []) {
      const content = a.content.length > ARTIFACT_MAX_BYTES ? a.content.subarray(0, ARTIFACT_MAX_BYTES) : a.content;
      await sql`
        INSERT INTO playbook_run_artifacts (playbook_run_action_id, path, filename, content_type, size, checksum, content)
        VALUES (${id}, ${a.path}, ${a.filename}, ${a.contentType}, ${a.content.length},
                ${createHash('sha256').update(content).digest('hex')}, ${content})`.execute(trx);
    }
  });
}

/**
 * Fail attempts of a run left running when its worker stopped (a dead process, a lost database connection):
 * called by the worker that just claimed the run, before it starts anything, so no row is its own. They
 * are never run again.
 */
export async function failOrphanedActions(db: Q, runId: string): Promise<number> {
  const res = await sql`
    UPDATE playbook_run_actions SET status = 'failed', end_time = now(), claimed_by = NULL, error = ${ORPHANED_ACTION_ERROR}
    WHERE playbook_run_id = ${runId} AND status = 'running'`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** Close the waiting attempts of a run that will not go on (cancelled, timed out). */
export async function closeWaitingActions(db: Q, runId: string, status: 'cancelled' | 'timed_out'): Promise<void> {
  await sql`
    UPDATE playbook_run_actions SET status = ${status}, end_time = now()
    WHERE playbook_run_id = ${runId} AND status IN ('scheduled', 'sleeping', 'retrying', 'waiting')`.execute(db);
}
