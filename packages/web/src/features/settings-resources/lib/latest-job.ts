import type { JobDetailsSource } from '../../../components/job-history';
import type { ResourceListRow } from '../api/resource-list-api';
import type { ResourceTable } from '../resource-table';

/**
 * A list row's latest run as the job details dialog reads it; null when the row never ran. Scrapers' job_details
 * is only the scrape summary, so it goes back under its key.
 */
export function latestJob(table: Pick<ResourceTable, 'jobDetails'>, row: ResourceListRow): JobDetailsSource | null {
  if (!row.job_status) return null;
  const raw = row.job_details ?? null;
  const details = table.jobDetails === 'scrape_summary' ? (raw ? { scrape_summary: raw } : null) : raw;
  return { name: row.job_name || row.name, details, errors: row.job_errors ?? [] };
}
