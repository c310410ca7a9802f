import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useState } from 'react';
import { IconButton } from '../ui/icon-button';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { clampPageNumber, pageCount, rangeLabel } from './table-state';
import type { TableUrlState } from './use-table-url-state';

export interface DataTablePaginationProps {
  state: TableUrlState;
  rows: number;
  total: number | null | undefined;
  pageSizes: readonly number[];
}

/** Footer of a paged table: range, page size choice, first/prev/next/last and a page-number input. */
export function DataTablePagination({ state, rows, total, pageSizes }: DataTablePaginationProps) {
  const pages = pageCount(total ?? undefined, state.pageSize);
  const [typed, setTyped] = useState(String(state.pageIndex + 1));
  // Follow page changes made elsewhere (buttons, Back) while keeping what the user is typing.
  const [seenIndex, setSeenIndex] = useState(state.pageIndex);
  if (seenIndex !== state.pageIndex) {
    setSeenIndex(state.pageIndex);
    setTyped(String(state.pageIndex + 1));
  }
  const sizes = pageSizes.includes(state.pageSize) ? pageSizes : [...pageSizes, state.pageSize].sort((a, b) => a - b);

  const commit = (): void => {
    const page = clampPageNumber(typed, pages);
    if (page === undefined) return setTyped(String(state.pageIndex + 1));
    setTyped(String(page));
    if (page - 1 !== state.pageIndex) state.setPageIndex(page - 1);
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t px-3 py-2 text-sm text-muted-foreground">
      <span aria-live="polite">{rangeLabel(state, rows, total ?? undefined)}</span>
      <div className="flex flex-wrap items-center gap-2">
        <span aria-hidden>Rows per page</span>
        <Select
          aria-label="Rows per page"
          className="h-8 w-20"
          value={String(state.pageSize)}
          onValueChange={(v) => state.setPageSize(Number(v))}
          options={sizes.map((s) => ({ value: String(s), label: String(s) }))}
        />
        <IconButton label="First page" icon={<ChevronsLeft />} disabled={state.pageIndex === 0} onClick={() => state.setPageIndex(0)} />
        <IconButton
          label="Previous page"
          icon={<ChevronLeft />}
          disabled={state.pageIndex === 0}
          onClick={() => state.setPageIndex(state.pageIndex - 1)}
        />
        <label className="flex items-center gap-1.5">
          Page
          <Input
            type="number"
            aria-label="Page number"
            min={1}
            max={pages}
            value={typed}
            className="h-8 w-16 px-2"
            onChange={(e) => setTyped(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit();
            }}
          />
          of {pages}
        </label>
        <IconButton
          label="Next page"
          icon={<ChevronRight />}
          disabled={state.pageIndex + 1 >= pages}
          onClick={() => state.setPageIndex(state.pageIndex + 1)}
        />
        <IconButton
          label="Last page"
          icon={<ChevronsRight />}
          disabled={state.pageIndex + 1 >= pages}
          onClick={() => state.setPageIndex(pages - 1)}
        />
      </div>
    </div>
  );
}
