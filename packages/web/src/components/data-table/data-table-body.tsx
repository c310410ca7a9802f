import { flexRender, type Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type KeyboardEvent, type MouseEvent } from 'react';
import { VIRTUAL_OVERSCAN, VIRTUAL_ROW_ESTIMATE_PX } from '@ops/shared';
import { cn } from '../../lib/cn';

export interface DataTableBodyProps<T> {
  rows: Row<T>[];
  columnCount: number;
  scrollElement: HTMLDivElement | null;
  onRowClick?: ((row: T) => void) | undefined;
  /** Called when the last row comes into view (infinite mode asks for more rows there). */
  onReachEnd?: (() => void) | undefined;
}

/** Clicks on links, buttons and inputs inside a row keep their own meaning and do not "click" the row. */
function fromControl(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest('a,button,input,select,textarea,[role="menuitem"]');
}

/**
 * Table rows rendered through TanStack Virtual (row estimate 35 px, overscan 10): only the rows in
 * view exist in the DOM; spacer rows keep the scroll height right.
 */
export function DataTableBody<T>({ rows, columnCount, scrollElement, onRowClick, onReachEnd }: DataTableBodyProps<T>) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => VIRTUAL_ROW_ESTIMATE_PX,
    overscan: VIRTUAL_OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (onReachEnd && rows.length > 0 && lastIndex >= rows.length - 1) onReachEnd();
  }, [lastIndex, rows.length, onReachEnd]);

  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  return (
    <tbody>
      {top > 0 && (
        <tr aria-hidden style={{ height: top }}>
          <td colSpan={columnCount} />
        </tr>
      )}
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        const click = onRowClick
          ? {
              tabIndex: 0,
              onClick: (e: MouseEvent) => !fromControl(e.target) && onRowClick(row.original),
              onKeyDown: (e: KeyboardEvent) => {
                if (e.key === 'Enter' && !fromControl(e.target)) onRowClick(row.original);
              },
            }
          : {};
        return (
          <tr
            key={row.id}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={cn(
              'border-b last:border-b-0 hover:bg-accent/50',
              onRowClick && 'cursor-pointer focus-visible:bg-accent focus-visible:outline-none',
            )}
            {...click}
          >
            {row.getVisibleCells().map((cell) => (
              <td key={cell.id} className={cn('h-[35px] px-3 py-1.5 align-middle', cell.column.columnDef.meta?.className)}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </td>
            ))}
          </tr>
        );
      })}
      {bottom > 0 && (
        <tr aria-hidden style={{ height: bottom }}>
          <td colSpan={columnCount} />
        </tr>
      )}
    </tbody>
  );
}
