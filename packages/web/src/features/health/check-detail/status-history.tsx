import type { CheckStatusRow } from '@ops/shared';
import { formatDuration, STATUS_HISTORY_STALE_MS, TABLE_PAGE_SIZES } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo } from 'react';
import { DataTable, DateCell, useTableUrlState } from '../../../components/data-table';
import { useUrlParams } from '../../../components/filters';
import { toastError } from '../../../lib/notify';
import { fetchHistory, healthKeys } from '../api/health-api';
import { parseHistoryDuration } from '../lib/history-query';
import { HealthDot } from '../components/health-dot';
import { DETAIL_PARAMS } from './detail-params';
import { HistoryFilters } from './history-filters';

const COLUMNS: ColumnDef<CheckStatusRow, unknown>[] = [
  { id: 'time', header: 'Time', cell: ({ row }) => <DateCell value={row.original.time} />, meta: { className: 'w-28' } },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <span className="inline-flex items-center gap-1.5">
        <HealthDot health={row.original.status} />
        {row.original.status ? 'Healthy' : 'Unhealthy'}
      </span>
    ),
    meta: { className: 'w-28 whitespace-nowrap' },
  },
  {
    id: 'duration',
    header: 'Duration',
    cell: ({ row }) => formatDuration(row.original.duration),
    meta: { className: 'w-24 tabular-nums' },
  },
  {
    id: 'message',
    header: 'Message',
    cell: ({ row }) => {
      const { message, error } = row.original;
      return (
        <span className="line-clamp-2 break-all" title={error || message || ''}>
          {error ? <span className="text-destructive">{error}</span> : message}
        </span>
      );
    },
  },
];

const NAMES = {
  pageIndex: DETAIL_PARAMS.historyPageIndex,
  pageSize: DETAIL_PARAMS.historyPageSize,
  sortBy: 'historySortBy',
  sortOrder: 'historySortOrder',
};
const RESET = [DETAIL_PARAMS.historyPageIndex];

/** The History tab: the check's runs in the range, newest first, paged on the server with filters. */
export function StatusHistory({ checkId, rangeMs }: { checkId: string; rangeMs: number }) {
  const table = useTableUrlState({ names: NAMES, defaults: { pageSize: TABLE_PAGE_SIZES[0] } });
  const [params, update] = useUrlParams();
  const status = params.get(DETAIL_PARAMS.historyStatus) ?? '';
  const durationText = params.get(DETAIL_PARAMS.historyDuration) ?? '';
  const durationMs = parseHistoryDuration(durationText).ms;
  const filter = useMemo(
    () => ({ checkId, status, durationMs, rangeMs, pageIndex: table.pageIndex, pageSize: table.pageSize }),
    [checkId, status, durationMs, rangeMs, table.pageIndex, table.pageSize],
  );
  const history = useQuery({
    queryKey: healthKeys.history(filter),
    queryFn: ({ signal }) => fetchHistory(filter, signal),
    staleTime: STATUS_HISTORY_STALE_MS,
    placeholderData: keepPreviousData,
  });
  // A status history fetch error shows a toast with the message.
  useEffect(() => {
    if (history.error) toastError(history.error);
  }, [history.error]);
  const set = (patch: Record<string, string | undefined>): void => {
    for (const p of RESET) patch[p] = undefined;
    update(patch);
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <HistoryFilters
        status={status}
        duration={durationText}
        onStatus={(s) => set({ [DETAIL_PARAMS.historyStatus]: s === 'all' ? undefined : s })}
        onDuration={(d) => set({ [DETAIL_PARAMS.historyDuration]: d || undefined })}
      />
      <DataTable
        label="Status history"
        className="min-h-48 flex-1"
        columns={COLUMNS}
        data={history.data?.data}
        total={history.data?.total}
        state={table}
        pageSizes={TABLE_PAGE_SIZES}
        isLoading={history.isPending}
        isFetching={history.isFetching}
        error={history.error}
        onRetry={() => void history.refetch()}
        getRowId={(r) => r.time}
      />
    </div>
  );
}
