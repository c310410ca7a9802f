import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '../../../lib/cn';
import { nextSelection, readSelectedLines, withSelectedLines } from '../lib/selected-lines';

/** Height of one body line; lines never wrap (the body scrolls sideways), so every line has this height. */
export const BODY_LINE_PX = 20;

/** A JSON or YAML key at the start of a line, coloured so long bodies are easier to scan. */
const KEY = /^(\s*(?:- )?)("(?:[^"\\]|\\.)*"|[\w.\-/]+)(:)(?=\s|$)/;

function Code({ text }: { text: string }) {
  const m = KEY.exec(text);
  if (!m) return <>{text}</>;
  return (
    <>
      {m[1]}
      <span className="text-info">{m[2]}</span>
      {m[3]}
      {text.slice(m[0].length)}
    </>
  );
}

/**
 * The config body, one row per line, virtualised so multi-megabyte bodies show at once. Clicking a line
 * number selects it (shift-click selects a range); the selection is kept in the URL as repeated
 * `selected` params, and a link with a selection scrolls to its first line.
 */
export function ConfigBodyView({ lines, label = 'Config' }: { lines: readonly string[]; label?: string }) {
  const [params, setParams] = useSearchParams();
  const selected = readSelectedLines(params);
  const selectedSet = new Set(selected);
  const anchor = useRef<number | null>(null);
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => BODY_LINE_PX,
    overscan: 30,
  });
  const first = selected[0];
  const scrolled = useRef(false);
  useEffect(() => {
    if (scrolled.current || !scrollElement || first === undefined || first > lines.length) return;
    scrolled.current = true;
    virtualizer.scrollToIndex(first - 1, { align: 'center' });
  }, [first, lines.length, scrollElement, virtualizer]);
  const gutter = `${String(lines.length).length + 1}ch`;

  const select = (line: number, range: boolean) => {
    const next = nextSelection(selected, line, anchor.current, range);
    anchor.current = line;
    setParams(withSelectedLines(params, next), { replace: true, preventScrollReset: true });
  };

  return (
    <div
      ref={setScrollElement}
      role="region"
      aria-label={label}
      className="relative min-h-0 flex-1 overflow-auto rounded-md border bg-card font-mono text-xs"
      data-line-count={lines.length}
    >
      <div className="relative min-w-max" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const n = item.index + 1;
          const on = selectedSet.has(n);
          return (
            <div
              key={item.index}
              className={cn('absolute left-0 flex w-full', on ? 'bg-warning/20' : 'hover:bg-accent/40')}
              style={{ height: BODY_LINE_PX, transform: `translateY(${item.start}px)` }}
              data-line={n}
            >
              <button
                type="button"
                aria-label={`Line ${n}`}
                aria-pressed={on}
                onClick={(e) => select(n, e.shiftKey)}
                className="sticky left-0 shrink-0 select-none bg-muted/60 pr-2 text-right leading-5 text-muted-foreground hover:text-foreground"
                style={{ width: gutter }}
              >
                {n}
              </button>
              <pre className="m-0 whitespace-pre pl-3 pr-4 leading-5">
                <Code text={lines[item.index] ?? ''} />
              </pre>
            </div>
          );
        })}
      </div>
    </div>
  );
}
