import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { finishedRunsInsert, type JobHistoryRepository } from './job-history.repository.js';
import type { FinishedJobRun, FinishedRun, JobRunStart } from './job-history.types.js';

// Retention deletes this many rows per statement so a large backlog never holds long locks.
const RETENTION_BATCH = 5_000;
// A run still RUNNING after this long belongs to a process that died; nothing here runs that long.
const ABANDONED_AFTER_MS = 24 * 3_600_000;

/** Job history: one row per run of a background job, plus the list of job names. */
export class JobHistoryService {
  // Names already upserted by this process; job_names only grows, so one write per name is enough.
  private readonly knownNames = new Set<string>();

  constructor(private readonly repo: JobHistoryRepository) {}

  /** Record the start of a run (status RUNNING) and remember its name; returns the row id. */
  async start(start: JobRunStart): Promise<string> {
    await this.knowNames([start]);
    return this.repo.insertRunning(start);
  }

  /** Record runs that have ended in one statement, on `db` when given (the caller's transaction). */
  async recordFinished(runs: FinishedJobRun[], db?: Kysely<Database>): Promise<void> {
    await this.knowNames(runs);
    await this.repo.insertFinished(runs, db);
  }

  /**
   * The INSERT of runs that have ended, for the caller to make part of its own statement (the check
   * result writer stores a batch in one); undefined when there are none.
   */
  async finishedInsert(runs: FinishedJobRun[]) {
    if (runs.length === 0) return undefined;
    await this.knowNames(runs);
    return finishedRunsInsert(runs);
  }

  private async knowNames(runs: { name: string }[]): Promise<void> {
    for (const name of new Set(runs.map((r) => r.name))) {
      if (this.knownNames.has(name)) continue;
      await this.repo.upsertName(name);
      this.knownNames.add(name);
    }
  }

  /** Record the end of a run; false when the row was no longer RUNNING (already STOPPED). */
  async finish(id: string, run: FinishedRun): Promise<boolean> {
    return this.repo.finish(id, run);
  }

  /** Mark runs interrupted by a shutdown as STOPPED. */
  async markStopped(ids: string[], reason: string): Promise<number> {
    return this.repo.markStopped({ ids }, reason);
  }

  /**
   * Delete history older than `retentionDays` in batches and close runs abandoned by dead processes.
   * Returns how many rows were deleted and how many were marked STOPPED.
   */
  async applyRetention(retentionDays: number, now = new Date()): Promise<{ deleted: number; abandoned: number }> {
    const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
    let deleted = 0;
    for (;;) {
      const n = await this.repo.deleteBatchBefore(cutoff, RETENTION_BATCH);
      deleted += n;
      if (n < RETENTION_BATCH) break;
    }
    const abandoned = await this.repo.markStopped(
      { startedBefore: new Date(now.getTime() - ABANDONED_AFTER_MS) },
      'run abandoned: its process stopped before the run ended',
    );
    return { deleted, abandoned };
  }
}
