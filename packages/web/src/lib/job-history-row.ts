import type { DbRow, JobStatus } from '@ops/shared';
import { db, type DbList } from './db';

/**
 * One row of the job_histories view, as every job-history table reads it through /api/db (the Jobs History
 * page, and the Job History tabs of canaries, scrapers and teams): the generated row, with `status` narrowed to
 * the statuses jobs record and `details` (errors, scrape_summary, summary) to an object.
 */
export type JobHistoryRow = DbRow<'job_histories'> & { status: JobStatus; details: Record<string, unknown> | null };

/**
 * One page of the jobs recorded for a resource, newest first, with a total (the Job History tabs). `resourceType`
 * is the data API filter on resource_type (`eq.canary`, `in.(config_scraper,catalog_scraper)`), or none.
 */
export function resourceJobHistory(
  resourceType: string | undefined,
  id: string,
  page: { limit: string; offset: string },
  signal?: AbortSignal,
): Promise<DbList<JobHistoryRow>> {
  return db.get<JobHistoryRow>(
    'job_histories',
    { ...(resourceType ? { resource_type: resourceType } : {}), resource_id: `eq.${id}`, order: 'created_at.desc', ...page },
    { count: 'exact', signal },
  );
}
