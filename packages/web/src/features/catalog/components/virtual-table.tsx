import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useEffect, useMemo, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import '../../../components/data-table/column-meta';
import { cn } from '../../../lib/cn';
import { CATALOG_ROW_ESTIMATE_PX, CATALOG_ROW_OVERSCAN } from '../lib/catalog-constants';

export interface VirtualTableProps<T> {
  label: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own ColumnDef<T, any> idiom
  columns: ColumnDef<T, any>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  onRowClick?: (row: T) => void;
  /** Server sort: the sorted column id and order; columns with enableSorting: false are plain. */
  sort?: { by: string; order: 'asc' | 'desc'; onSort: (by: string, order: 'asc' | 'desc') => void };
  /** Called when the last row comes into view (loads the next page). */
  onReachEnd?: () => void;
  /** A heading row is drawn wherever this value changes (grouped lists). */
  groupOf?: (row: T) => string | null;
  rowClassName?: (row: T) => string | undefined;
  /** Shown under the rows (loading more, empty and error states). */
  footer?: ReactNode;
  className?: string;
}

type Entry<T> = { kind: 'group'; key: string; label: string } | { kind: 'row'; key: string; row: Row<T> };

function fromControl(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest('a,button,input,select,textarea,[role="menuitem"]');
}

/**
 * A virtualised table for the catalogue (rows estimated 37 px, overscan 20): only rows in view are in the
 * DOM, sorting happens on the server, and the end of the list asks for the next page.
 */
export function VirtualTable<T>({
  label,
  columns,
  rows,
  getRowId,
  onRowClick,
  sort,
  onReachEnd,
  groupOf,
  rowClassName,
  footer,
  className,
}: VirtualTableProps<T>) {
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const table = useReactTable({ data: rows as T[], columns, getRowId, getCoreRowModel: getCoreRowModel(), manualSorting: true });
  const model = table.getRowModel().rows;
  // Group headings are virtual items of their own, so every drawn row is measured.
  const entries = useMemo(() => {
    const out: Entry<T>[] = [];
    let previous: string | null | undefined;
    model.forEach((row, index) => {
      const group = groupOf ? groupOf(row.original) : undefined;
      if (groupOf && (index === 0 || group !== previous)) out.push({ kind: 'group', key: `group:${index}`, label: group ?? '(none)' });
      previous = group;
      out.push({ kind: 'row', key: row.id, row });
    });
    return out;
  }, [model, groupOf]);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => CATALOG_ROW_ESTIMATE_PX,
    overscan: CATALOG_ROW_OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onReachEnd && entries.length > 0 && lastIndex >= entries.length - 1) onReachEnd();
  }, [lastIndex, entries.length, onReachEnd]);
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columnCount = table.getVisibleLeafColumns().length;

  const renderEntry = (entry: Entry<T>, index: number) => {
    if (entry.kind === 'group') {
      return (
        <tr key={entry.key} data-index={index} ref={virtualizer.measureElement} className="border-b bg-muted/40">
          <th scope="rowgroup" colSpan={columnCount} className="h-[29px] px-3 py-1.5 text-left text-xs font-semibold">
            {entry.label}
          </th>
        </tr>
      );
    }
    const { row } = entry;
    const click = onRowClick
      ? {
          tabIndex: 0,
          onClick: (e: MouseEvent) => !fromControl(e.target) && onRowClick(row.original),
          onKeyDown: (e: KeyboardEvent) => e.key === 'Enter' && !fromControl(e.target) && onRowClick(row.original),
        }
      : {};
    return (
      <tr
        key={entry.key}
        data-index={index}
        ref={virtualizer.measureElement}
        className={cn(
          'border-b hover:bg-accent/50',
          onRowClick && 'cursor-pointer focus-visible:bg-accent focus-visible:outline-none',
          rowClassName?.(row.original),
        )}
        {...click}
      >
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} className={cn('h-[37px] px-3 py-1 align-middle', cell.column.columnDef.meta?.className)}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    );
  };

  return (
    <div ref={setScrollElement} className={cn('relative min-h-0 flex-1 overflow-auto rounded-lg border bg-card', className)}>
      <table aria-label={label} className="w-full border-collapse text-sm">
        <thead className="sticky top-0 z-10">
          <tr>
            {table.getFlatHeaders().map((header) => {
              const id = header.column.id;
              const canSort = !!sort && header.column.columnDef.enableSorting !== false;
              const sorted = sort?.by === id ? sort.order : undefined;
              const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
              const title = flexRender(header.column.columnDef.header, header.getContext());
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  className={cn(
                    'h-9 whitespace-nowrap border-b bg-muted px-3 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground',
                    header.column.columnDef.meta?.headerClassName,
                  )}
                >
                  {canSort ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 uppercase hover:text-foreground"
                      onClick={() =>
                        sort.onSort(
                          id,
                          sorted === 'asc' ? 'desc' : sorted === 'desc' ? 'asc' : (header.column.columnDef.meta?.firstSortOrder ?? 'asc'),
                        )
                      }
                    >
                      {title}
                      <Icon aria-hidden className={cn('size-3.5', !sorted && 'opacity-40')} />
                    </button>
                  ) : (
                    title
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr aria-hidden style={{ height: top }}>
              <td colSpan={columnCount} />
            </tr>
          )}
          {items.map((item) => {
            const entry = entries[item.index];
            return entry ? renderEntry(entry, item.index) : null;
          })}
          {bottom > 0 && (
            <tr aria-hidden style={{ height: bottom }}>
              <td colSpan={columnCount} />
            </tr>
          )}
        </tbody>
      </table>
      {footer}
    </div>
  );
}
