import { PLAYBOOK_RUNS_TAB_PAGE_SIZE } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import { DataTable, DateCell } from '../../../components/data-table';
import { catalogKeys } from '../api/catalog-keys';
import { configPlaybookRuns, type PlaybookRunRow } from '../api/checks-api';
import { usePageUrlState } from '../lib/use-page-url-state';

/** The run's page in the playbooks area. */
const runPath = (id: string) => `/playbooks/runs/${encodeURIComponent(id)}`;

const col = createColumnHelper<PlaybookRunRow>();
const COLUMNS = [
  col.display({
    id: 'playbook',
    header: 'Playbook',
    cell: (c) => (
      <Link to={runPath(c.row.original.id)} className="font-medium hover:underline" onClick={(e) => e.stopPropagation()}>
        {c.row.original.playbooks?.name ?? c.row.original.playbook_id}
      </Link>
    ),
  }),
  col.accessor('status', { id: 'status', header: 'Status', cell: (c) => <span className="capitalize">{c.getValue()}</span> }),
  col.accessor('start_time', { id: 'start_time', header: 'Start Time', cell: (c) => <DateCell value={c.getValue()} /> }),
];

const PAGING = {
  page: 'runsPageIndex',
  pageSize: 'runsPageSize',
  sortBy: 'runsSortBy',
  sortOrder: 'runsSortOrder',
  defaults: { pageSize: PLAYBOOK_RUNS_TAB_PAGE_SIZE, sortBy: 'start_time', sortOrder: 'desc' as const },
  base: 0 as const,
};

/** The Playbooks tab: the config's playbook runs, 200 a page, newest first; a row opens the run's page. */
export function PlaybooksTab({ configId }: { configId: string }) {
  const navigate = useNavigate();
  const table = usePageUrlState(PAGING);
  const page = { limit: table.query.limit, offset: table.query.offset, order: table.query.order ?? 'start_time.desc' };
  const runs = useQuery({
    queryKey: catalogKeys.playbookRuns(configId, page),
    queryFn: ({ signal }) => configPlaybookRuns(configId, page, signal),
    placeholderData: keepPreviousData,
  });
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
      onRowClick={(r) => void navigate(runPath(r.id))}
    />
  );
}
