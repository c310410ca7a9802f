import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, DateCell } from '../../../components/data-table';
import { EmptyState } from '../../../components/ui';
import { ApiError } from '../../../lib/api-errors';
import { catalogKeys } from '../api/catalog-keys';
import { configPlaybookRuns, type PlaybookRunRow } from '../api/checks-api';
import { PLAYBOOK_RUNS_PAGE_SIZE } from '../lib/catalog-constants';
import { usePageUrlState } from '../lib/use-page-url-state';

const col = createColumnHelper<PlaybookRunRow>();
const COLUMNS = [
  col.display({ id: 'playbook', header: 'Playbook', cell: (c) => c.row.original.playbooks?.name ?? c.row.original.playbook_id }),
  col.accessor('status', { id: 'status', header: 'Status', cell: (c) => <span className="capitalize">{c.getValue()}</span> }),
  col.accessor('start_time', { id: 'start_time', header: 'Start Time', cell: (c) => <DateCell value={c.getValue()} /> }),
];

const PAGING = {
  page: 'runsPageIndex',
  pageSize: 'runsPageSize',
  sortBy: 'runsSortBy',
  sortOrder: 'runsSortOrder',
  defaults: { pageSize: PLAYBOOK_RUNS_PAGE_SIZE, sortBy: 'start_time', sortOrder: 'desc' as const },
  base: 0 as const,
};

/**
 * The Playbooks tab: the config's playbook runs, 200 a page. Until the playbooks area exists the server has
 * no playbook_runs relation (404); that is shown as no runs rather than an error.
 */
export function PlaybooksTab({ configId }: { configId: string }) {
  const table = usePageUrlState(PAGING);
  const page = { limit: table.query.limit, offset: table.query.offset };
  const runs = useQuery({
    queryKey: catalogKeys.playbookRuns(configId, page),
    queryFn: ({ signal }) => configPlaybookRuns(configId, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (runs.error instanceof ApiError && runs.error.status === 404)
    return <EmptyState title="No data available" description="No playbook has run on this config." />;
  return (
    <DataTable
      label="Playbook runs"
      className="min-h-64 flex-1"
      columns={COLUMNS}
      data={runs.data?.data}
      total={runs.data?.total}
      state={table}
      isLoading={runs.isPending}
      isFetching={runs.isFetching}
      error={runs.error}
      onRetry={() => void runs.refetch()}
      getRowId={(r) => r.id}
    />
  );
}
