import { sql, type Kysely } from 'kysely';
import { timeArray, uuidArray } from '../../db/array-literals.js';
import type { Db } from '../../db/pool.js';
import type { Database } from '../../db/schema.js';
import type { FinishedJobRun, FinishedRun, JobRunStart } from './job-history.types.js';

/** Data access for job_history and job_names. */
export class JobHistoryRepository {
  constructor(private readonly db: Db) {}

  async upsertName(name: string): Promise<void> {
    await this.db.kysely
      .insertInto('job_names')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  async insertRunning(start: JobRunStart): Promise<string> {
    const row = await this.db.kysely
      .insertInto('job_history')
      .values({
        name: start.name,
        resource_type: start.resourceType ?? null,
        resource_id: start.resourceId ?? null,
        agent_id: start.agentId ?? null,
        hostname: start.hostname,
        owner: start.owner ?? null,
        status: 'RUNNING',
        details: {},
        time_start: start.timeStart,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Insert rows of runs that have ended, in one statement (on `db`, e.g. the caller's transaction). One
   * array per column, so the statement has 14 parameters however many runs a batch holds.
   */
  async insertFinished(runs: FinishedJobRun[], db: Kysely<Database> = this.db.kysely): Promise<void> {
    if (runs.length === 0) return;
    await finishedRunsInsert(runs).execute(db);
  }

  /** Close a run; only a row still RUNNING is changed, so a run already marked STOPPED stays so. */
  async finish(id: string, run: FinishedRun): Promise<boolean> {
    const res = await this.db.kysely
      .updateTable('job_history')
      .set({
        status: run.status,
        success_count: run.successCount,
        error_count: run.errorCount,
        errors: run.errors,
        details: JSON.stringify(run.details),
        duration_millis: run.durationMillis,
        time_end: run.timeEnd,
      })
      .where('id', '=', id)
      .where('status', '=', 'RUNNING')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Mark RUNNING rows STOPPED: the given ids (shutdown), or every run started before `startedBefore` (abandoned). */
  async markStopped(where: { ids: string[] } | { startedBefore: Date }, reason: string): Promise<number> {
    let q = this.db.kysely
      .updateTable('job_history')
      .set({
        status: 'STOPPED',
        time_end: sql<Date>`now()`,
        duration_millis: sql<number>`(extract(epoch from now() - time_start) * 1000)::int`,
        errors: sql<string[]>`array_append(errors, ${reason})`,
      })
      .where('status', '=', 'RUNNING');
    if ('ids' in where) {
      if (where.ids.length === 0) return 0;
      q = q.where('id', 'in', where.ids);
    } else {
      q = q.where('time_start', '<', where.startedBefore);
    }
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Delete up to `limit` rows created before `cutoff`, oldest first; returns how many went. */
  async deleteBatchBefore(cutoff: Date, limit: number): Promise<number> {
    const res = await sql<{ n: number }>`
      WITH doomed AS (
        SELECT id FROM job_history WHERE created_at < ${cutoff} ORDER BY created_at LIMIT ${limit}
      ), gone AS (
        DELETE FROM job_history jh USING doomed WHERE jh.id = doomed.id RETURNING 1
      )
      SELECT count(*)::int AS n FROM gone`.execute(this.db.kysely);
    return res.rows[0]?.n ?? 0;
  }
}

/** The INSERT of `insertFinished`, for a caller that makes it part of a larger statement (a CTE). */
export function finishedRunsInsert(runs: FinishedJobRun[]) {
  const col = <T>(f: (r: FinishedJobRun) => T): T[] => runs.map(f);
  return sql`
    INSERT INTO job_history (name, resource_type, resource_id, agent_id, hostname, owner, status, success_count,
                             error_count, errors, details, duration_millis, time_start, time_end)
    SELECT name, resource_type, resource_id, agent_id, hostname, owner, status, success_count, error_count,
           ARRAY(SELECT jsonb_array_elements_text(errors)), details, duration_millis, time_start, time_end
    FROM unnest(${col((r) => r.name)}::text[], ${col((r) => r.resourceType ?? null)}::text[],
                ${col((r) => r.resourceId ?? null)}::text[], ${uuidArray(col((r) => r.agentId))}::uuid[],
                ${col((r) => r.hostname)}::text[], ${col((r) => r.owner ?? null)}::text[], ${col((r) => r.status)}::text[],
                ${col((r) => r.successCount)}::int[], ${col((r) => r.errorCount)}::int[],
                ${col((r) => JSON.stringify(r.errors))}::jsonb[], ${col((r) => JSON.stringify(r.details))}::jsonb[],
                ${col((r) => r.durationMillis)}::int[], ${timeArray(col((r) => r.timeStart))}::timestamptz[],
                ${timeArray(col((r) => r.timeEnd))}::timestamptz[])
      AS v(name, resource_type, resource_id, agent_id, hostname, owner, status, success_count, error_count,
           errors, details, duration_millis, time_start, time_end)`;
}
