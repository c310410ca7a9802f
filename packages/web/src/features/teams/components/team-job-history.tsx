import { formatDuration } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, DateCell, useTableUrlState } from '../../../components/data-table';
import { Badge, type BadgeVariant } from '../../../components/ui';
import { teamJobHistory, teamKeys, type TeamJob } from '../api/teams-api';

/** Spec 3 §4 job colours: RUNNING yellow, SUCCESS green, WARNING orange, FAILED and STOPPED red. */
function statusVariant(status: string): BadgeVariant {
  if (status === 'SUCCESS') return 'success';
  if (status === 'RUNNING' || status === 'WARNING') return 'warning';
  return 'destructive';
}

const COLUMNS: ColumnDef<TeamJob, unknown>[] = [
  { id: 'name', header: 'Job Name', cell: ({ row }) => row.original.name },
  { id: 'status', header: 'Status', cell: ({ row }) => <Badge variant={statusVariant(row.original.status)}>{row.original.status}</Badge> },
  { id: 'time_start', header: 'Time Start', cell: ({ row }) => <DateCell value={row.original.time_start} /> },
  { id: 'duration', header: 'Duration', cell: ({ row }) => formatDuration(row.original.duration_millis) },
  { id: 'success', header: 'Success', cell: ({ row }) => row.original.success_count },
  { id: 'errors', header: 'Errors', cell: ({ row }) => row.original.error_count },
  {
    id: 'details',
    header: 'Details',
    cell: ({ row }) => <span className="line-clamp-2 text-destructive">{(row.original.errors ?? []).join('; ')}</span>,
  },
];

const NAMES = { pageIndex: 'jobPageIndex', pageSize: 'jobPageSize', sortBy: 'jobSortBy', sortOrder: 'jobSortOrder' };

/** The Job History tab of a team: runs of jobs about this team, newest first, paged on the server. */
export function TeamJobHistory({ teamId }: { teamId: string }) {
  const table = useTableUrlState({ names: NAMES });
  const page = { limit: table.query.limit, offset: table.query.offset };
  const jobs = useQuery({
    queryKey: teamKeys.jobs(teamId, page),
    queryFn: ({ signal }) => teamJobHistory(teamId, page, signal),
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
