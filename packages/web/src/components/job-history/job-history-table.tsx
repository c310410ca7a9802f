import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { DbList } from '../../lib/db';
import type { JobHistoryRow } from '../../lib/job-history-row';
import { DataTable, useTableUrlState, type TableUrlState, type TableUrlStateOptions } from '../data-table';
import { jobHistoryTabColumns } from './job-history-columns';

/** A Job History tab's URL params: prefixed, so they do not clash with the page's own table. */
export const JOB_TAB_PARAM_NAMES = { pageIndex: 'jobPageIndex', pageSize: 'jobPageSize', sortBy: 'jobSortBy', sortOrder: 'jobSortOrder' };

export interface JobHistoryTableProps {
  /** Key of the runs' query; the table's limit/offset/order is appended. */
  queryKey: QueryKey;
  /** One page of runs for the table's paging and sort (GET /api/db/job_histories with count=exact). */
  fetchPage: (query: TableUrlState['query'], signal: AbortSignal) => Promise<DbList<JobHistoryRow>>;
  /** Default: the tab columns with Job Name. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own ColumnDef<T, any> idiom
  columns?: ColumnDef<JobHistoryRow, any>[];
  /** URL param names and defaults of the table; default the tab names (jobPageIndex, …). */
  urlState?: TableUrlStateOptions;
  onRowClick?: (job: JobHistoryRow) => void;
  className?: string;
}

const TAB_COLUMNS = jobHistoryTabColumns();

/**
 * The one job-history table: runs of job_histories paged on the server (page and size in the URL),
 * with status badges, loading, error and empty states. Used by every Job History tab and the
 * Jobs History page, which differ only in their query, columns and row click.
 */
export function JobHistoryTable({
  queryKey,
  fetchPage,
  columns = TAB_COLUMNS,
  urlState,
  onRowClick,
  className = 'min-h-64',
}: JobHistoryTableProps) {
  const table = useTableUrlState(urlState ?? { names: JOB_TAB_PARAM_NAMES });
  const jobs = useQuery({
    queryKey: [...queryKey, table.query],
    queryFn: ({ signal }) => fetchPage(table.query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <DataTable
      label="Job history"
      className={className}
      columns={columns}
      data={jobs.data?.data}
      total={jobs.data?.total}
      state={table}
      isLoading={jobs.isPending}
      isFetching={jobs.isFetching}
      error={jobs.error}
      onRetry={() => void jobs.refetch()}
      getRowId={(r) => r.id}
      onRowClick={onRowClick}
    />
  );
}
