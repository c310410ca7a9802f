import type { DbRow, JobStatus } from '@ops/shared';

/**
 * One row of the job_histories view, as every job-history table reads it through /api/db (the Jobs History
 * page, and the Job History tabs of canaries, scrapers and teams): the generated row, with `status` narrowed to
 * the statuses jobs record and `details` (errors, scrape_summary, summary) to an object.
 */
export type JobHistoryRow = DbRow<'job_histories'> & { status: JobStatus; details: Record<string, unknown> | null };
