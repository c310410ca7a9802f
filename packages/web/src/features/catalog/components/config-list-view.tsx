import type { ConfigItemRow } from '@ops/shared';
import { TAG_GROUP_SUFFIX } from '@ops/shared';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { useUrlParams } from '../../../components/filters';
import { EmptyState, ErrorState, Spinner } from '../../../components/ui';
import { Loading } from './loading';
import { useConfigList } from '../api/use-config-list';
import { CATALOG_ROW_ESTIMATE_PX, CATALOG_ROW_OVERSCAN } from '../lib/catalog-constants';
import { CATALOG_PARAMS, configListParams, type CatalogFilters } from '../lib/catalog-params';
import { CONFIG_LIST_COLUMNS } from './config-columns';

/** The value a row is grouped under for a groupByProp (a column, or a tag key ending with __tag). */
function groupKey(prop: string): (row: ConfigItemRow) => string | null {
  if (prop.endsWith(TAG_GROUP_SUFFIX)) {
    const key = prop.slice(0, -TAG_GROUP_SUFFIX.length);
    return (row) => row.tags?.[key] ?? null;
  }
  return (row) => {
    const value = (row as unknown as Record<string, unknown>)[prop];
    return typeof value === 'string' ? value : null;
  };
}

/** The flat, virtualised catalogue list (shown with a configType or a search); a row opens /catalog/{id}. */
export function ConfigListView({ filters, hideDeleted }: { filters: CatalogFilters; hideDeleted: boolean }) {
  const navigate = useNavigate();
  const [, update] = useUrlParams({ [CATALOG_PARAMS.sortBy]: 'type', [CATALOG_PARAMS.sortOrder]: 'asc' });
  const params = useMemo(() => configListParams(filters, hideDeleted), [filters, hideDeleted]);
  const list = useConfigList(params);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const groupOf = useMemo(() => (filters.groupByProp ? groupKey(filters.groupByProp) : undefined), [filters.groupByProp]);

  if (list.isPending) return <Loading />;
  if (list.error && list.rows.length === 0) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-1">
      <DataTable
        mode="virtual"
        rowEstimatePx={CATALOG_ROW_ESTIMATE_PX}
        overscan={CATALOG_ROW_OVERSCAN}
        label="Catalog"
        columns={CONFIG_LIST_COLUMNS}
        data={list.rows}
        getRowId={(r) => r.id}
        onRowClick={(r) => void navigate(`/catalog/${r.id}`)}
        sort={{
          by: filters.sortBy,
          order: filters.sortOrder,
          onSort: (by, order) => update({ [CATALOG_PARAMS.sortBy]: by, [CATALOG_PARAMS.sortOrder]: order }),
        }}
        onReachEnd={loadMore}
        groupOf={groupOf}
        rowClassName={(r) => (r.deleted_at ? 'text-muted-foreground opacity-70' : undefined)}
        footer={
          list.rows.length === 0 ? (
            <EmptyState title="No result" />
          ) : isFetchingNextPage ? (
            <div className="flex justify-center py-3">
              <Spinner />
            </div>
          ) : null
        }
      />
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {list.rows.length} of {list.total ?? list.rows.length} items{hasNextPage ? ' — scroll for more' : ''}
      </p>
    </div>
  );
}
