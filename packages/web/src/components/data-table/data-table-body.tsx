import { flexRender, type Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import { VIRTUAL_OVERSCAN, VIRTUAL_ROW_ESTIMATE_PX } from '@ops/shared';
import { cn } from '../../lib/cn';

/** Row sizes: 'default' for paged tables (35 px rows), 'list' for long virtualised lists (37 px rows). */
export type RowDensity = 'default' | 'list';

const ROW_CLASSES: Record<RowDensity, string> = {
  default: 'border-b last:border-b-0 hover:bg-accent/50',
  list: 'border-b hover:bg-accent/50',
};
const CELL_CLASSES: Record<RowDensity, string> = {
  default: 'h-[35px] px-3 py-1.5 align-middle',
  list: 'h-[37px] px-3 py-1 align-middle',
};

export interface DataTableBodyProps<T> {
  rows: Row<T>[];
  columnCount: number;
  scrollElement: HTMLDivElement | null;
  onRowClick?: ((row: T) => void) | undefined;
  /** Called when the last row comes into view (infinite mode asks for more rows there). */
  onReachEnd?: (() => void) | undefined;
  /** A heading row is drawn wherever this value changes (grouped lists). */
  groupOf?: ((row: T) => string | null) | undefined;
  rowClassName?: ((row: T) => string | undefined) | undefined;
  density?: RowDensity;
  /** Virtualiser row estimate and overscan; default VIRTUAL_ROW_ESTIMATE_PX and VIRTUAL_OVERSCAN. */
  rowEstimatePx?: number | undefined;
  overscan?: number | undefined;
}

type Entry<T> = { kind: 'group'; key: string; label: string } | { kind: 'row'; key: string; row: Row<T> };

/** Clicks on links, buttons and inputs inside a row keep their own meaning and do not "click" the row. */
function fromControl(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest('a,button,input,select,textarea,[role="menuitem"]');
}

/** The rows, with a group heading before each run of rows that share a group. */
function toEntries<T>(rows: Row<T>[], groupOf: ((row: T) => string | null) | undefined): Entry<T>[] {
  if (!groupOf) return rows.map((row) => ({ kind: 'row', key: row.id, row }));
  const out: Entry<T>[] = [];
  let previous: string | null | undefined;
  rows.forEach((row, index) => {
    const group = groupOf(row.original);
    if (index === 0 || group !== previous) out.push({ kind: 'group', key: `group:${index}`, label: group ?? '(none)' });
    previous = group;
    out.push({ kind: 'row', key: row.id, row });
  });
  return out;
}

/**
 * Table rows rendered through TanStack Virtual: only the rows in view exist in the DOM; spacer rows
 * keep the scroll height right. Group headings are virtual items of their own, so every drawn row is measured.
 */
export function DataTableBody<T>({
  rows,
  columnCount,
  scrollElement,
  onRowClick,
  onReachEnd,
  groupOf,
  rowClassName,
  density = 'default',
  rowEstimatePx = VIRTUAL_ROW_ESTIMATE_PX,
  overscan = VIRTUAL_OVERSCAN,
}: DataTableBodyProps<T>) {
  const entries = useMemo(() => toEntries(rows, groupOf), [rows, groupOf]);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => rowEstimatePx,
    overscan,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (onReachEnd && entries.length > 0 && lastIndex >= entries.length - 1) onReachEnd();
  }, [lastIndex, entries.length, onReachEnd]);

  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

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
          onKeyDown: (e: KeyboardEvent) => {
            if (e.key === 'Enter' && !fromControl(e.target)) onRowClick(row.original);
          },
        }
      : {};
    return (
      <tr
        key={entry.key}
        data-index={index}
        ref={virtualizer.measureElement}
        className={cn(
          ROW_CLASSES[density],
          onRowClick && 'cursor-pointer focus-visible:bg-accent focus-visible:outline-none',
          rowClassName?.(row.original),
        )}
        {...click}
      >
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} className={cn(CELL_CLASSES[density], cell.column.columnDef.meta?.className)}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    );
  };

  return (
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
  );
}
