import type { JobStatus } from '@ops/shared';

/** One row of the job_histories view (spec 3 §3 job history record). */
export interface JobHistory {
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

/** Resource types offered by the Resource Type filter (spec 3 §9). */
export const JOB_RESOURCE_TYPES = ['canary', 'topology', 'config_scraper'] as const;

/** Statuses offered by the Status filter (spec 3 §9). */
export const JOB_STATUS_FILTER = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED'] as const;

/** Default status filter: everything but SUCCESS. */
export const DEFAULT_STATUS_FILTER = { SUCCESS: -1 } as const;

/** Standalone Jobs History page size (spec 3 §9) and default order. */
export const JOB_HISTORY_PAGE_SIZE = 50;
export const JOB_HISTORY_DEFAULT_SORT = 'created_at';
