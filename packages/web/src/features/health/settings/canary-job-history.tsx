import { formatDuration } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, DateCell, useTableUrlState } from '../../../components/data-table';
import { canaryJobHistory, canaryKeys, type CanaryJob } from '../api/canary-api';
import { JobStatusBadge } from './job-status';

const COLUMNS: ColumnDef<CanaryJob, unknown>[] = [
  { id: 'name', header: 'Job Name', cell: ({ row }) => row.original.name },
  { id: 'status', header: 'Status', cell: ({ row }) => <JobStatusBadge status={row.original.status} /> },
  { id: 'time_start', header: 'Time Start', cell: ({ row }) => <DateCell value={row.original.time_start} /> },
  { id: 'duration', header: 'Duration', cell: ({ row }) => formatDuration(row.original.duration_millis) },
  { id: 'success', header: 'Success', cell: ({ row }) => row.original.success_count, meta: { className: 'tabular-nums' } },
  { id: 'errors', header: 'Errors', cell: ({ row }) => row.original.error_count, meta: { className: 'tabular-nums' } },
  {
    id: 'error_text',
    header: 'Details',
    cell: ({ row }) => <span className="line-clamp-2 text-destructive">{(row.original.errors ?? []).join('; ')}</span>,
  },
];

const NAMES = { pageIndex: 'jobPageIndex', pageSize: 'jobPageSize', sortBy: 'jobSortBy', sortOrder: 'jobSortOrder' };

/** The Job History tab of a canary: its runs, newest first, paged on the server. */
export function CanaryJobHistory({ canaryId }: { canaryId: string }) {
  const table = useTableUrlState({ names: NAMES });
  const page = { limit: table.query.limit, offset: table.query.offset };
  const jobs = useQuery({
    queryKey: canaryKeys.jobs(canaryId, page),
    queryFn: ({ signal }) => canaryJobHistory(canaryId, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <DataTable
      label="Job history"
      className="min-h-64"
      columns={COLUMNS}
      data={jobs.data?.data}
      total={jobs.data?.total}
      state={table}
      isLoading={jobs.isPending}
      isFetching={jobs.isFetching}
      error={jobs.error}
      onRetry={() => void jobs.refetch()}
      getRowId={(r) => r.id}
    />
  );
}
