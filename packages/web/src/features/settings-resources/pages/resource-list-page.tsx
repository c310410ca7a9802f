import { MESSAGES, SETTINGS_LIST_LIMIT } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, useTableUrlState } from '../../../components/data-table';
import { JobDetailsDialog, type JobDetailsSource } from '../../../components/job-history';
import { buttonClasses, PageHeader } from '../../../components/ui';
import { usePermissions } from '../../../lib/use-whoami';
import { listResources, resourceKeys, SORTABLE_COLUMNS } from '../api/resource-list-api';
import { resourceColumns } from '../components/resource-columns';
import type { ResourceTable } from '../resource-table';

/**
 * /settings/{table}: the table's live rows one server page at a time (paging and sort in the URL), an Add button
 * with write permission, and the latest run's details on '(View details)'; a row opens its edit page.
 */
export function ResourceListPage({ table }: { table: ResourceTable }) {
  const navigate = useNavigate();
  const canWrite = usePermissions().can(table.resource, 'write');
  const state = useTableUrlState({
    defaults: { sortBy: table.defaultSort.by, sortOrder: table.defaultSort.order, pageSize: SETTINGS_LIST_LIMIT },
  });
  // A sort the list does not offer (an old or edited link) falls back to the table's own.
  const sorted = state.sortBy && SORTABLE_COLUMNS.has(state.sortBy);
  const paging = { ...state.query, order: sorted ? state.query.order! : `${table.defaultSort.by}.${table.defaultSort.order}` };
  const list = useQuery({
    queryKey: resourceKeys.list(table.path, paging),
    queryFn: ({ signal }) => listResources(table, paging, signal),
    placeholderData: keepPreviousData,
    staleTime: 0, // settings lists are never served from cache
  });
  const [details, setDetails] = useState<JobDetailsSource | null>(null);
  const columns = useMemo(() => resourceColumns(table, setDetails), [table]);
  const base = `/settings/${table.path}`;

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader
        title={table.title}
        breadcrumbs={[{ label: 'Settings' }]}
        actions={
          canWrite && (
            <Link to={`${base}/new`} className={buttonClasses('primary', 'sm')}>
              <Plus aria-hidden /> Add {table.singular}
            </Link>
          )
        }
      />
      <DataTable
        label={table.title}
        className="flex-1"
        columns={columns}
        data={list.data?.data}
        total={list.data?.total}
        state={state}
        isLoading={list.isPending}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        getRowId={(r) => r.id}
        onRowClick={(r) => void navigate(`${base}/${r.id}`)}
        emptyText={MESSAGES.noResources}
      />
      <JobDetailsDialog job={details} onClose={() => setDetails(null)} />
    </div>
  );
}
