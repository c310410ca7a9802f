import type { JobStatus } from '@ops/shared';

/**
 * One row of the job_histories view, as every job-history table reads it through /api/db (the
 * Jobs History page, and the Job History tabs of canaries, scrapers and teams).
 */
export interface JobHistoryRow {
  id: string;
  name: string;
  resource_type: string | null;
  resource_id: string | null;
  resource_name: string | null;
  status: JobStatus;
  success_count: number;
  error_count: number;
  /** errors (string, list or map of error objects), scrape_summary, summary. */
  details: Record<string, unknown> | null;
  /** Error texts recorded beside the details. */
  errors: string[] | null;
  hostname: string | null;
  agent_id: string | null;
  agent_name: string | null;
  duration_millis: number | null;
  time_start: string;
  time_end: string | null;
  created_at: string;
}
