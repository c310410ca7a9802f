import { LOG_ROW_ESTIMATE_PX, LOG_ROW_OVERSCAN, type LogLineWire } from '@ops/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Spinner } from '../../../components/ui';
import {
  DEFAULT_COLUMN_WIDTHS,
  gridTemplate,
  loadColumnWidths,
  LOG_COLUMN_LABELS,
  LOG_COLUMNS,
  resizeColumn,
  saveColumnWidths,
  type ColumnWidths,
} from '../lib/column-widths';
import { ColumnResizeHandle } from './column-resize-handle';
import { LogRow } from './log-row';

export interface LogTableProps {
  lines: readonly LogLineWire[];
  /** Older lines exist: scrolling near the end asks for them. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  label: string;
}

/**
 * The log lines as a virtualised table (row estimate 62 px, overscan 10) with Time, Level, Message and Labels
 * columns the user sizes by dragging, kept in localStorage. Only rows on screen are in the DOM, so 100,000 loaded
 * lines scroll like 100.
 */
export function LogTable({ lines, hasMore, loadingMore, onLoadMore, label }: LogTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [widths, setWidths] = useState<ColumnWidths>(loadColumnWidths);
  const latest = useRef(widths);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());

  // Stable callbacks: the virtualiser recomputes every row's offset when one of them changes identity, which over
  // 100,000 lines would cost a long frame on every render. Lines are only ever appended (the table remounts for a
  // new query), so the key of an index never changes.
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const getItemKey = useCallback((i: number) => linesRef.current[i]?.id ?? i, []);
  const estimateSize = useCallback(() => LOG_ROW_ESTIMATE_PX, []);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement,
    estimateSize,
    overscan: LOG_ROW_OVERSCAN,
    getItemKey,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  // Near the end of what is loaded: ask for the older page (once per page; the caller ignores repeats).
  useEffect(() => {
    if (hasMore && !loadingMore && lines.length > 0 && lastIndex >= lines.length - 1 - LOG_ROW_OVERSCAN) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, lines.length, onLoadMore]);

  const resize = (column: (typeof LOG_COLUMNS)[number], width: number) => {
    const next = resizeColumn(latest.current, column, width);
    latest.current = next;
    setWidths(next);
  };
  const commit = () => saveColumnWidths(latest.current);
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;
  const toggle = useCallback(
    (index: number, id: string) => {
      // A collapsed row is the estimate again (its measured height no longer applies).
      if (expandedRef.current.has(id)) virtualizer.resizeItem(index, LOG_ROW_ESTIMATE_PX);
      setExpanded((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      });
    },
    [virtualizer],
  );

  // One CSS variable carries the columns to every row, so a resize re-renders no row.
  const style = { '--log-columns': gridTemplate(widths) } as CSSProperties;
  const minWidth = LOG_COLUMNS.reduce((sum, c) => sum + widths[c], 0);
  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label={label}
      aria-rowcount={lines.length + 1}
      className="relative min-h-0 flex-1 overflow-auto rounded-md border bg-card"
      style={style}
    >
      <div role="rowgroup" className="sticky top-0 z-20 border-b bg-muted" style={{ minWidth }}>
        <div role="row" aria-rowindex={1} className="grid text-xs font-semibold" style={{ gridTemplateColumns: 'var(--log-columns)' }}>
          {LOG_COLUMNS.map((column) => (
            <div key={column} role="columnheader" className="relative px-2 py-2 text-left" style={{ minWidth: 0 }}>
              {LOG_COLUMN_LABELS[column]}
              <ColumnResizeHandle
                label={LOG_COLUMN_LABELS[column]}
                width={widths[column]}
                onResize={(w) => resize(column, w)}
                onCommit={commit}
                onReset={() => {
                  resize(column, DEFAULT_COLUMN_WIDTHS[column]);
                  commit();
                }}
              />
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize(), minWidth }}>
        {items.map((item) => {
          const line = lines[item.index];
          if (!line) return null;
          return (
            <LogRow
              key={item.key}
              line={line}
              index={item.index}
              start={item.start}
              expanded={expanded.has(line.id)}
              onToggle={toggle}
              measure={virtualizer.measureElement}
            />
          );
        })}
      </div>
      {loadingMore && (
        <div className="sticky bottom-0 flex justify-center border-t bg-card/90 py-2">
          <Spinner label="Loading older lines" />
        </div>
      )}
    </div>
  );
}
