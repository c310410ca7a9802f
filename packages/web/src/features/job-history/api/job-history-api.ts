import type { DbRow } from '@ops/shared';
import { db, type DbList } from '../../../lib/db';
import type { JobHistoryParams } from './job-history-query';
import type { JobHistoryRow } from '../../../lib/job-history-row';

/** One page of job runs with the total (GET /job_histories, Prefer: count=exact). */
export function listJobHistories(params: JobHistoryParams, signal?: AbortSignal): Promise<DbList<JobHistoryRow>> {
  return db.get<JobHistoryRow>('job_histories', params, { count: 'exact', signal });
}

/** Every job name for the Job Name filter (GET /job_history_names?order=name.asc). */
export async function listJobNames(signal?: AbortSignal): Promise<string[]> {
  const res = await db.get<DbRow<'job_history_names'>>('job_history_names', { order: 'name.asc' }, { signal });
  return res.data.map((r) => r.name);
}
