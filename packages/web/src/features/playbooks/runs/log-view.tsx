import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import type { LogDocument, LogStream } from '../lib/log-lines';
import { splitLinks } from '../lib/log-links';

/** One line's height: fixed, so the list never measures rows and a 10^6-line log scrolls at once. */
export const LOG_LINE_PX = 18;
const OVERSCAN = 12;

const STREAM_CLASSES: Record<LogStream, string> = {
  stdout: 'text-foreground',
  stderr: 'text-destructive',
  result: 'text-muted-foreground',
  error: 'text-destructive font-medium',
};

/** A line's text with its http/https links clickable (opened in a new tab, no opener). */
function LineText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className="text-primary underline">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** One drawn line; memoised, so a scroll renders only the lines that came into view. */
const LogRow = memo(function LogRow({ doc, index, top, gutter }: { doc: LogDocument; index: number; top: number; gutter: string }) {
  const line = doc.line(index);
  return (
    <div
      data-line={index + 1}
      className={cn('absolute left-0 top-0 flex whitespace-pre pr-4', STREAM_CLASSES[line.stream])}
      style={{ height: LOG_LINE_PX, lineHeight: `${LOG_LINE_PX}px`, transform: `translateY(${top}px)` }}
    >
      <span
        aria-hidden
        className="sticky left-0 shrink-0 select-none bg-muted/80 pr-2 text-right text-muted-foreground"
        style={{ width: gutter }}
      >
        {index + 1}
      </span>
      <span className="pl-2">
        <LineText text={line.text} />
        {line.cut > 0 && <span className="text-muted-foreground"> … {line.cut.toLocaleString()} more characters</span>}
      </span>
    </div>
  );
});

/**
 * An action's log as a virtual list: only the lines in view (plus an overscan) exist in the DOM and each is
 * sliced from the document when drawn. While `follow` is set and the view is at the end, new lines scroll in.
 */
export function LogView({ doc, label, follow = false }: { doc: LogDocument; label: string; follow?: boolean }) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const atEnd = useRef(true);
  const virtualizer = useVirtualizer({
    count: doc.lineCount,
    getScrollElement: () => element,
    estimateSize: () => LOG_LINE_PX,
    overscan: OVERSCAN,
  });
  useEffect(() => {
    if (follow && atEnd.current && doc.lineCount > 0) virtualizer.scrollToIndex(doc.lineCount - 1, { align: 'end' });
  }, [follow, doc, virtualizer]);
  const gutter = `${String(doc.lineCount).length + 1}ch`;
  return (
    <div
      ref={setElement}
      role="log"
      aria-label={label}
      tabIndex={0}
      className="min-h-0 flex-1 overflow-auto bg-muted/30 font-mono text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      onScroll={(e) => {
        const el = e.currentTarget;
        atEnd.current = el.scrollTop + el.clientHeight >= el.scrollHeight - LOG_LINE_PX * 2;
      }}
    >
      <div className="relative min-w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <LogRow key={item.key} doc={doc} index={item.index} top={item.start} gutter={gutter} />
        ))}
      </div>
    </div>
  );
}
