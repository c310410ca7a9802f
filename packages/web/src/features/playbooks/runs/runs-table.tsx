import { PLAYBOOK_RUNS_PAGE_SIZE, resolveTimeRange, type TimeRange } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DataTable, useTableUrlState, type TableUrlStateOptions } from '../../../components/data-table';
import { playbookKeys } from '../api/playbook-keys';
import { listPlaybookRuns } from '../api/runs-api';
import { runsQueryParams, type RunsFilters } from '../lib/runs-query';
import { playbookRunPath } from '../pages/playbook-paths';
import { runColumns } from './run-columns';

export interface PlaybookRunsTableProps {
  filters: Omit<RunsFilters, 'fromIso' | 'toIso'>;
  /** Resolved when the request is made, so a refetch of 'Last 7 days' ends now. */
  timeRange?: TimeRange | undefined;
  /** Paging param names and page size (the resource tabs use 200 a page under their own names). */
  urlState?: TableUrlStateOptions;
  className?: string;
}

const DEFAULT_URL_STATE: TableUrlStateOptions = {
  defaults: { pageSize: PLAYBOOK_RUNS_PAGE_SIZE, sortBy: 'created_at', sortOrder: 'desc' },
};

/** Playbook runs paged on the server, newest first; a row opens the run's page. */
export function PlaybookRunsTable({
  filters,
  timeRange,
  urlState = DEFAULT_URL_STATE,
  className = 'min-h-64 flex-1',
}: PlaybookRunsTableProps) {
  const navigate = useNavigate();
  const table = useTableUrlState(urlState);
  const runs = useQuery({
    queryKey: playbookKeys.runs([filters, timeRange, table.query]),
    queryFn: ({ signal }) => {
      const window = timeRange ? resolveTimeRange(timeRange, new Date()) : undefined;
      const params = runsQueryParams({ ...filters, fromIso: window?.from.toISOString(), toIso: window?.to.toISOString() }, table.query);
      return listPlaybookRuns(params, signal);
    },
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable
      label="Playbook runs"
      className={className}
      columns={runColumns}
      data={runs.data?.data}
      total={runs.data?.total}
      state={table}
      isLoading={runs.isPending}
      isFetching={runs.isFetching}
      error={runs.error}
      onRetry={() => void runs.refetch()}
      getRowId={(r) => r.id}
      onRowClick={(r) => void navigate(playbookRunPath(r.id))}
    />
  );
}
