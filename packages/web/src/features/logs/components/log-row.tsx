import { LOG_ROW_ESTIMATE_PX, type LogLineWire } from '@ops/shared';
import { memo } from 'react';
import { LEVEL_CLASSES, LEVEL_EDGE_CLASSES, levelTone } from '../lib/log-level';
import { formatLogTime } from '../lib/log-time';
import { LogMessage } from './log-message';

export interface LogRowProps {
  line: LogLineWire;
  index: number;
  start: number;
  expanded: boolean;
  onToggle: (index: number, id: string) => void;
  /** Measures an expanded row (its height is its content's); collapsed rows are exactly the estimate. */
  measure: (el: Element | null) => void;
}

// Plain strings, not cn(): class merging per row shows up in profiles of long scrolls.
const ROW_CLASSES = 'absolute left-0 top-0 grid w-full border-b border-l-2 text-xs hover:bg-muted/50';
const MESSAGE_CLASSES = 'min-w-0 cursor-text whitespace-pre-wrap break-words px-2 py-1.5 font-mono';
// Collapsed rows have the estimated height exactly and contain their layout, so scrolling never measures them.
const BASE_STYLE = { gridTemplateColumns: 'var(--log-columns)' } as const;
const FIXED_STYLE = { ...BASE_STYLE, height: LOG_ROW_ESTIMATE_PX, overflow: 'hidden', contain: 'strict' } as const;

/**
 * One line of the table, placed by the virtualiser. Kept cheap: no hooks, a memo on the line, a fixed height with the
 * message clamped to three lines until clicked (then the row is measured and shows it whole).
 */
export const LogRow = memo(function LogRow({ line, index, start, expanded, onToggle, measure }: LogRowProps) {
  const tone = levelTone(line.severity);
  const labels = Object.entries(line.labels);
  return (
    <div
      role="row"
      data-index={index}
      ref={expanded ? measure : undefined}
      aria-rowindex={index + 2}
      aria-expanded={expanded}
      className={`${ROW_CLASSES} ${LEVEL_EDGE_CLASSES[tone]}`}
      style={expanded ? { ...BASE_STYLE, transform: `translateY(${start}px)` } : { ...FIXED_STYLE, transform: `translateY(${start}px)` }}
    >
      <div role="cell" className="truncate px-2 py-1.5 font-mono tabular-nums text-muted-foreground" title={line.timestamp}>
        {formatLogTime(line.timestamp)}
      </div>
      <div role="cell" className={`truncate px-2 py-1.5 font-semibold uppercase ${LEVEL_CLASSES[tone]}`}>
        {line.severity ?? ''}
        {line.count && line.count > 1 ? <span className="ml-1 font-normal text-muted-foreground">×{line.count}</span> : null}
      </div>
      <div
        role="cell"
        className={expanded ? MESSAGE_CLASSES : `${MESSAGE_CLASSES} line-clamp-3`}
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('a') || window.getSelection()?.toString()) return;
          onToggle(index, line.id);
        }}
      >
        <LogMessage message={line.message} />
      </div>
      <div role="cell" className="flex min-w-0 flex-wrap content-start gap-1 overflow-hidden px-2 py-1.5">
        {labels.slice(0, 6).map(([k, v]) => (
          <span
            key={k}
            className="max-w-full truncate rounded bg-muted px-1.5 py-0.5 text-[11px] text-muted-foreground"
            title={`${k}=${v}`}
          >
            {k}={v}
          </span>
        ))}
        {labels.length > 6 && <span className="text-[11px] text-muted-foreground">+{labels.length - 6} more</span>}
      </div>
    </div>
  );
});
