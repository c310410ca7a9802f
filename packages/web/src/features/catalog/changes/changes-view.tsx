import { CHANGES_PAGE_SIZE_DEFAULT } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { useUrlState } from '../../../components/filters';
import { useTimeRangeParams } from '../../../components/time-range';
import { ErrorState } from '../../../components/ui';
import { catalogKeys } from '../api/catalog-keys';
import { searchChanges } from '../api/changes-api';
import { CHANGE_PARAMS, CHANGES_DEFAULT_RANGE, CHANGES_DEFAULT_SORT, changesRequest } from '../lib/changes-params';
import { useHideDeletedCatalog, useYesNoPreference, HIDE_DELETED_CHANGES_KEY } from '../lib/use-hide-deleted';
import { usePageUrlState } from '../lib/use-page-url-state';
import { CHANGE_COLUMNS } from './change-columns';
import { ChangeChips } from './change-chips';
import { ChangeDialog } from './change-dialog';
import { CHANGE_RESET, ChangesFilters } from './changes-filters';

const PAGING = {
  page: CHANGE_PARAMS.page,
  pageSize: CHANGE_PARAMS.pageSize,
  sortBy: CHANGE_PARAMS.sortBy,
  sortOrder: CHANGE_PARAMS.sortDirection,
  defaults: { pageSize: CHANGES_PAGE_SIZE_DEFAULT, sortBy: CHANGES_DEFAULT_SORT, sortOrder: 'desc' as const },
  base: 1 as const,
};

/**
 * A changes table with its filters, chips and detail dialog: all catalogue changes, or (with `configId`)
 * one config's changes taking in related items per the Downstream/Upstream toggles.
 */
export function ChangesView({ configId }: { configId?: string }) {
  const [params] = useSearchParams();
  const table = usePageUrlState(PAGING);
  const range = useTimeRangeParams({ defaultRange: CHANGES_DEFAULT_RANGE, resetParams: CHANGE_RESET });
  const [hideDeletedCatalog] = useHideDeletedCatalog();
  const [hideDeletedChanges] = useYesNoPreference(HIDE_DELETED_CHANGES_KEY);
  const hideDeleted = configId ? hideDeletedChanges : hideDeletedCatalog;
  const [changeId, setChangeId] = useUrlState(CHANGE_PARAMS.changeId);
  // The window is resolved when the request is made, so a refetch of 'Last 2 days' really ends now.
  const filterKey = useMemo(() => {
    const p = new URLSearchParams(params);
    p.delete(CHANGE_PARAMS.changeId);
    return p.toString();
  }, [params]);
  const changes = useQuery({
    queryKey: catalogKeys.changes({ filterKey, configId, hideDeleted, range: range.range }),
    queryFn: ({ signal }) => {
      const request = changesRequest(new URLSearchParams(filterKey), { configId, hideDeleted, fromIso: range.fromIso, toIso: range.toIso });
      return searchChanges(request, signal);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = changes.data?.changes;
  const title = rows?.find((r) => r.id === changeId)?.name ?? undefined;

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <ChangesFilters configTab={!!configId} />
      <ChangeChips skip={configId ? [CHANGE_PARAMS.id] : []} />
      {changes.error && !rows ? (
        <ErrorState error={new Error('Something went wrong')} onRetry={() => void changes.refetch()} />
      ) : (
        <DataTable
          label="Changes"
          className="min-h-64 flex-1"
          columns={CHANGE_COLUMNS}
          data={rows}
          total={changes.data?.total}
          state={table}
          isLoading={changes.isPending}
          isFetching={changes.isFetching}
          getRowId={(r) => r.id}
          onRowClick={(r) => setChangeId(r.id)}
        />
      )}
      <ChangeDialog
        changeId={changeId ?? null}
        configId={rows?.find((r) => r.id === changeId)?.config_id}
        title={title}
        onClose={() => setChangeId(undefined)}
      />
    </div>
  );
}
