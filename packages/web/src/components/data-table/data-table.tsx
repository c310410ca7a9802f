import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useCallback, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { MESSAGES, PAGE_SIZES } from '@ops/shared';
import { cn } from '../../lib/cn';
import { EmptyState } from '../ui/empty-state';
import { ErrorState } from '../ui/error-state';
import { Spinner } from '../ui/spinner';
import './column-meta';
import { DataTableBody } from './data-table-body';
import { DataTablePagination } from './data-table-pagination';
import { SortHeader } from './sort-header';
import { pageCount, type SortOrder } from './table-state';
import type { TableUrlState } from './use-table-url-state';

interface CommonProps<T> {
  /** TanStack column definitions; a column's id is the server column it sorts by. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own ColumnDef<T, any> idiom
  columns: ColumnDef<T, any>[];
  /** The current page (paged mode) or all loaded rows (infinite and virtual modes). */
  data: readonly T[] | undefined;
  /** Accessible name of the table, e.g. 'Job history'. */
  label: string;
  onRowClick?: ((row: T) => void) | undefined;
  getRowId?: (row: T, index: number) => string;
  /** A heading row is drawn wherever this value changes (grouped lists). */
  groupOf?: ((row: T) => string | null) | undefined;
  rowClassName?: (row: T) => string | undefined;
  className?: string;
}

/** A server-paged table: paging and sorting in the URL, a pager ('paged') or more rows on scroll ('infinite'). */
export interface PagedDataTableProps<T> extends CommonProps<T> {
  /** 'paged' (default) shows the pager; 'infinite' doubles the page size when scrolled to the end. */
  mode?: 'paged' | 'infinite';
  /** Total matching rows, from Prefer: count=exact. */
  total?: number | null | undefined;
  /** URL-held paging and sorting from useTableUrlState. */
  state: TableUrlState;
  isLoading?: boolean;
  /** A background refetch is running (rows stay visible). */
  isFetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Page-size choices; default the shared PAGE_SIZES. */
  pageSizes?: readonly number[];
  emptyText?: string;
}

/**
 * A long list shown whole and virtualised (the catalogue, scrapers, relationships): no pager; the
 * caller loads more rows in `onReachEnd` and draws its own loading, empty and error states in `footer`.
 */
export interface VirtualDataTableProps<T> extends CommonProps<T> {
  mode: 'virtual';
  /** Server sort: the sorted column and order; without it no header sorts. */
  sort?: { by: string; order: SortOrder; onSort: (by: string, order: SortOrder) => void } | undefined;
  /** Called when the last row comes into view (loads the next page). */
  onReachEnd?: (() => void) | undefined;
  /** Shown under the rows (loading more, empty and error states). */
  footer?: ReactNode;
  /** Virtualiser row estimate and overscan; default the shared VIRTUAL_* values. */
  rowEstimatePx?: number;
  overscan?: number;
}

export type DataTableProps<T> = PagedDataTableProps<T> | VirtualDataTableProps<T>;

/**
 * The app's one data table: virtualised rows, row click and column headers that sort on the server,
 * in two modes: server-paged from the URL (with loading / error / 'No data available' states and an
 * infinite-scroll variant), or a whole virtualised list (`mode: 'virtual'`).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  return props.mode === 'virtual' ? <VirtualDataTable {...props} /> : <PagedDataTable {...props} />;
}

function useTable<T>({ data, columns, getRowId }: CommonProps<T>) {
  return useReactTable({
    data: (data ?? []) as T[],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
  });
}

/**
 * On phones a table keeps 6rem a column plus 10rem for its flexible column (max-w-0 w-full) and scrolls
 * sideways inside its card, instead of letting that column collapse under its neighbours.
 */
function minTableWidth(columns: number): CSSProperties {
  return { '--table-min-width': `${columns * 6 + 10}rem` } as CSSProperties;
}

function VirtualDataTable<T>(props: VirtualDataTableProps<T>) {
  const { label, onRowClick, groupOf, rowClassName, className, sort, onReachEnd, footer, rowEstimatePx, overscan } = props;
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const table = useTable(props);
  const rows = table.getRowModel().rows;
  const sortState = { sortBy: sort?.by, sortOrder: sort?.order ?? 'asc' };
  return (
    <div ref={setScrollElement} className={cn('relative min-h-0 flex-1 overflow-auto rounded-lg border bg-card', className)}>
      <table
        aria-label={label}
        className="w-full border-collapse text-sm max-md:min-w-(--table-min-width)"
        style={minTableWidth(table.getVisibleLeafColumns().length)}
      >
        <thead className="sticky top-0 z-10">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <SortHeader
                  key={header.id}
                  header={header}
                  state={sortState}
                  sortable={!!sort}
                  onSort={(by, order) => sort?.onSort(by, order)}
                />
              ))}
            </tr>
          ))}
        </thead>
        <DataTableBody
          rows={rows}
          columnCount={table.getVisibleLeafColumns().length}
          scrollElement={scrollElement}
          onRowClick={onRowClick}
          onReachEnd={onReachEnd}
          groupOf={groupOf}
          rowClassName={rowClassName}
          density="list"
          rowEstimatePx={rowEstimatePx}
          overscan={overscan}
        />
      </table>
      {footer}
    </div>
  );
}

function PagedDataTable<T>(props: PagedDataTableProps<T>) {
  const {
    total,
    state,
    label,
    isLoading = false,
    isFetching = false,
    error,
    onRetry,
    onRowClick,
    groupOf,
    rowClassName,
    pageSizes = PAGE_SIZES,
    mode = 'paged',
    emptyText = MESSAGES.noData,
    className,
  } = props;
  // State, not a ref: the body's virtualiser must re-render once the scroll element exists
  // (a child's layout effect runs before its parent's ref is attached).
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const table = useTable(props);
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const hasMore = total != null && rows.length < total && rows.length >= state.pageSize;
  const { pageSize, setPageSize, pageIndex, setPageIndex } = state;
  // A page past the end (an old link, rows deleted since) shows the last page instead of an empty one.
  useEffect(() => {
    if (mode !== 'paged' || total == null || isLoading || isFetching) return;
    const last = pageCount(total, pageSize) - 1;
    if (pageIndex > last) setPageIndex(last, { replace: true });
  }, [mode, total, isLoading, isFetching, pageSize, pageIndex, setPageIndex]);
  const loadMore = useCallback(() => {
    if (!isFetching && !isLoading && hasMore) setPageSize(pageSize * 2);
  }, [hasMore, isFetching, isLoading, pageSize, setPageSize]);

  const showError = !!error && rows.length === 0 && !isLoading;
  const showEmpty = !error && !isLoading && rows.length === 0;

  return (
    <div className={cn('flex min-h-0 flex-col overflow-hidden rounded-lg border bg-card', className)} aria-busy={isLoading || isFetching}>
      <div ref={setScrollElement} className="relative min-h-0 flex-1 overflow-auto">
        <table
          aria-label={label}
          className="w-full border-collapse text-sm max-md:min-w-(--table-min-width)"
          style={minTableWidth(table.getVisibleLeafColumns().length)}
        >
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
              groupOf={groupOf}
              rowClassName={rowClassName}
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
