import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

export interface ColumnResizeHandleProps {
  label: string;
  width: number;
  /** While dragging or on a key: the new width (not yet kept). */
  onResize: (width: number) => void;
  /** Drag or key done: keep the widths. */
  onCommit: () => void;
  /** Double-click: back to the default width. */
  onReset: () => void;
}

const KEY_STEP = 10;

/**
 * The drag handle at a column header's right edge (a vertical separator): drag with the pointer, or focus it and
 * use the arrow keys (Shift for larger steps); double-click resets.
 */
export function ColumnResizeHandle({ label, width, onResize, onCommit, onReset }: ColumnResizeHandleProps) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) onResize(drag.current.width + e.clientX - drag.current.x);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    e.currentTarget.releasePointerCapture(e.pointerId);
    onCommit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    onResize(width + (e.key === 'ArrowRight' ? step : -step));
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label} column`}
      aria-valuenow={width}
      tabIndex={0}
      className="absolute right-0 top-0 z-10 h-full w-2 cursor-col-resize touch-none select-none border-r border-border hover:bg-primary/30 focus-visible:bg-primary/40 focus-visible:outline-none"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onKeyUp={(e) => (e.key === 'ArrowLeft' || e.key === 'ArrowRight') && onCommit()}
      onDoubleClick={onReset}
    />
  );
}
