import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { MESSAGES, PAGE_SIZES } from '@ops/shared';
import { cn } from '../../lib/cn';
import { EmptyState } from '../ui/empty-state';
import { ErrorState } from '../ui/error-state';
import { Spinner } from '../ui/spinner';
import './column-meta';
import { DataTableBody } from './data-table-body';
import { DataTablePagination } from './data-table-pagination';
import { SortHeader } from './sort-header';
import type { TableUrlState } from './use-table-url-state';

export interface DataTableProps<T> {
  /** TanStack column definitions; a column's id is the server column it sorts by. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own ColumnDef<T, any> idiom
  columns: ColumnDef<T, any>[];
  /** The current page (paged mode) or all loaded rows (infinite mode). */
  data: readonly T[] | undefined;
  /** Total matching rows, from Prefer: count=exact. */
  total?: number | null | undefined;
  /** URL-held paging and sorting from useTableUrlState. */
  state: TableUrlState;
  /** Accessible name of the table, e.g. 'Job history'. */
  label: string;
  isLoading?: boolean;
  /** A background refetch is running (rows stay visible). */
  isFetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  onRowClick?: (row: T) => void;
  getRowId?: (row: T, index: number) => string;
  /** Page-size choices; default the spec's PAGE_SIZES. */
  pageSizes?: readonly number[];
  /** 'paged' (default) shows the pager; 'infinite' doubles the page size when scrolled to the end. */
  mode?: 'paged' | 'infinite';
  emptyText?: string;
  className?: string;
}

/**
 * The app's one data table: server paging and sorting from the URL, virtualised rows, row click,
 * loading / error / 'No data available' states, and an infinite-scroll mode.
 */
export function DataTable<T>({
  columns,
  data,
  total,
  state,
  label,
  isLoading = false,
  isFetching = false,
  error,
  onRetry,
  onRowClick,
  getRowId,
  pageSizes = PAGE_SIZES,
  mode = 'paged',
  emptyText = MESSAGES.noData,
  className,
}: DataTableProps<T>) {
  // State, not a ref: the body's virtualiser must re-render once the scroll element exists
  // (a child's layout effect runs before its parent's ref is attached).
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const table = useReactTable({
    data: (data ?? []) as T[],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
  });
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const hasMore = total != null && rows.length < total && rows.length >= state.pageSize;
  const { pageSize, setPageSize } = state;
  const loadMore = useCallback(() => {
    if (!isFetching && !isLoading && hasMore) setPageSize(pageSize * 2);
  }, [hasMore, isFetching, isLoading, pageSize, setPageSize]);

  const showError = !!error && rows.length === 0 && !isLoading;
  const showEmpty = !error && !isLoading && rows.length === 0;

  return (
    <div className={cn('flex min-h-0 flex-col overflow-hidden rounded-lg border bg-card', className)} aria-busy={isLoading || isFetching}>
      <div ref={setScrollElement} className="relative min-h-0 flex-1 overflow-auto">
        <table aria-label={label} className="w-full border-collapse text-sm">
          <thead className="sticky top-0 z-10">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <SortHeader key={header.id} header={header} state={state} onSort={state.setSort} />
                ))}
              </tr>
            ))}
          </thead>
          {rows.length > 0 && (
            <DataTableBody
              rows={rows}
              columnCount={columnCount}
              scrollElement={scrollElement}
              onRowClick={onRowClick}
              onReachEnd={mode === 'infinite' ? loadMore : undefined}
            />
          )}
        </table>
        {isLoading && rows.length === 0 && (
          <div className="flex justify-center py-12">
            <Spinner size="lg" />
          </div>
        )}
        {showError && <ErrorState error={error} onRetry={onRetry} />}
        {showEmpty && <EmptyState title={emptyText} />}
        {isFetching && rows.length > 0 && (
          <div className="absolute right-2 top-11 z-10 rounded-full bg-card/80 p-1 shadow-sm">
            <Spinner size="sm" />
          </div>
        )}
      </div>
      {mode === 'paged' ? (
        <DataTablePagination state={state} rows={rows.length} total={total} pageSizes={pageSizes} />
      ) : (
        <div className="border-t px-3 py-2 text-sm text-muted-foreground" aria-live="polite">
          {rows.length} of {total ?? rows.length}
          {hasMore ? ' — scroll for more' : ''}
        </div>
      )}
    </div>
  );
}
