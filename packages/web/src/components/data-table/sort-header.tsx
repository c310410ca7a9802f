import type { Header } from '@tanstack/react-table';
import { flexRender } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { nextSort, type TableState } from './table-state';

export interface SortHeaderProps<T> {
  header: Header<T, unknown>;
  state: Pick<TableState, 'sortBy' | 'sortOrder'>;
  /** False draws every header as plain text (a table without sorting). */
  sortable?: boolean;
  onSort: (sortBy: string, sortOrder: 'asc' | 'desc') => void;
}

/** A column header: a button that sorts on the server when the column can sort, plain text otherwise. */
export function SortHeader<T>({ header, state, sortable = true, onSort }: SortHeaderProps<T>) {
  const { column } = header;
  const meta = column.columnDef.meta;
  const label = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const sorted = state.sortBy === column.id ? state.sortOrder : undefined;
  const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined;
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={ariaSort}
      className={cn(
        'h-9 whitespace-nowrap border-b bg-muted px-3 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground',
        meta?.headerClassName,
      )}
    >
      {sortable && column.getCanSort() ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 uppercase hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => {
            const next = nextSort(state, column.id, meta?.firstSortOrder);
            onSort(next.sortBy ?? column.id, next.sortOrder);
          }}
        >
          {label}
          <Icon aria-hidden className={cn('size-3.5', !sorted && 'opacity-40')} />
        </button>
      ) : (
        label
      )}
    </th>
  );
}
