// One job_history row per playbook run (name PlaybookRun, resource playbook/<id>, details.run_id): RUNNING
// while a worker has it, then SUCCESS, FAILED or STOPPED (cancelled) with the error. A run may move between
// processes (a delay, a crash), so the row is found by the run's id rather than held in memory.
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { INSTANCE } from '../../../jobs/instance.js';

type Q = Kysely<Database>;

export const PLAYBOOK_JOB_NAME = 'PlaybookRun';
const HOST = hostname();

const rowOf = (runId: string, playbookId: string) =>
  sql`resource_type = 'playbook' AND resource_id = ${playbookId} AND name = ${PLAYBOOK_JOB_NAME} AND details->>'run_id' = ${runId}`;

/** Mark the run's row RUNNING under this process (inserted on the first start). */
export async function historyRunning(db: Q, run: { id: string; playbook_id: string; start_time: Date | null }): Promise<void> {
  await sql`INSERT INTO job_names (name) VALUES (${PLAYBOOK_JOB_NAME}) ON CONFLICT (name) DO NOTHING`.execute(db);
  const updated = await sql`
    UPDATE job_history SET status = 'RUNNING', owner = ${INSTANCE.id}, hostname = ${HOST}, time_end = NULL
    WHERE ${rowOf(run.id, run.playbook_id)}`.execute(db);
  if (Number(updated.numAffectedRows ?? 0) > 0) return;
  await sql`
    INSERT INTO job_history (name, resource_type, resource_id, status, details, hostname, owner, time_start)
    VALUES (${PLAYBOOK_JOB_NAME}, 'playbook', ${run.playbook_id}, 'RUNNING', ${JSON.stringify({ run_id: run.id })}::jsonb, ${HOST},
            ${INSTANCE.id}, coalesce(${run.start_time ?? null}::timestamptz, now()))`.execute(db);
}

/** Close the run's row with its outcome (a row is written when the run never started, e.g. cancelled while waiting). */
export async function historyFinished(
  db: Q,
  run: { id: string; playbook_id: string },
  outcome: { status: 'SUCCESS' | 'FAILED' | 'STOPPED'; error?: string | null; actions?: { completed: number; failed: number } },
): Promise<void> {
  const errors = outcome.error ? [outcome.error] : [];
  const success = outcome.actions?.completed ?? (outcome.status === 'SUCCESS' ? 1 : 0);
  const failed = outcome.actions?.failed ?? (outcome.status === 'SUCCESS' ? 0 : 1);
  await sql`INSERT INTO job_names (name) VALUES (${PLAYBOOK_JOB_NAME}) ON CONFLICT (name) DO NOTHING`.execute(db);
  const updated = await sql`
    UPDATE job_history SET status = ${outcome.status}, errors = ${errors}::text[], success_count = ${success}, error_count = ${failed},
      time_end = now(), duration_millis = (extract(epoch from now() - time_start) * 1000)::int
    WHERE ${rowOf(run.id, run.playbook_id)}`.execute(db);
  if (Number(updated.numAffectedRows ?? 0) > 0) return;
  await sql`
    INSERT INTO job_history (name, resource_type, resource_id, status, details, errors, success_count, error_count, hostname, owner,
                             time_start, time_end, duration_millis)
    VALUES (${PLAYBOOK_JOB_NAME}, 'playbook', ${run.playbook_id}, ${outcome.status}, ${JSON.stringify({ run_id: run.id })}::jsonb,
            ${errors}::text[], ${success}, ${failed}, ${HOST}, ${INSTANCE.id}, now(), now(), 0)`.execute(db);
}
