import type { CheckSummary } from '@ops/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { VIRTUAL_OVERSCAN } from '@ops/shared';
import { Badge, EmptyState } from '../../../components/ui';
import type { HealthRow } from '../lib/health-rows';
import { CheckCard } from './check-card';
import { HealthDot } from './health-dot';
import { useElementWidth } from './use-element-width';

const CARD_MIN_WIDTH = 260;
const CARD_LINE_PX = 96;
const HEADING_PX = 40;

type Line =
  | { kind: 'heading'; key: string; label: string; count: number; status: string; expanded: boolean }
  | { kind: 'cards'; key: string; checks: CheckSummary[] };

/** Table rows re-cut into card lines: group headings, then checks `columns` to a line. */
export function cardLines(rows: readonly HealthRow[], columns: number): Line[] {
  const lines: Line[] = [];
  let pending: CheckSummary[] = [];
  let pendingDepth = 0;
  const flush = (): void => {
    for (let i = 0; i < pending.length; i += columns) {
      const checks = pending.slice(i, i + columns);
      lines.push({ kind: 'cards', key: checks.map((c) => c.id).join(','), checks });
    }
    pending = [];
  };
  for (const row of rows) {
    if (row.kind === 'group') {
      flush();
      const { group } = row;
      lines.push({ kind: 'heading', key: row.id, label: group.label, count: group.checks.length, status: group.aggregate.status, expanded: row.expanded });
    } else {
      // A group's members and the ungrouped checks after it never share a line.
      if (pending.length && row.depth !== pendingDepth) flush();
      pendingDepth = row.depth;
      pending.push(row.check);
    }
  }
  flush();
  return lines;
}

export interface ChecksCardsProps {
  rows: HealthRow[];
  onToggleGroup: (key: string) => void;
  onOpenCheck: (id: string) => void;
  emptyText?: string;
}

/** The card layout: a virtualised grid (only the lines in view exist), grouped like the table. */
export function ChecksCards({ rows, onToggleGroup, onOpenCheck, emptyText }: ChecksCardsProps) {
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const width = useElementWidth(scroller);
  const columns = Math.max(1, Math.floor((width || CARD_MIN_WIDTH) / CARD_MIN_WIDTH));
  const lines = useMemo(() => cardLines(rows, columns), [rows, columns]);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller,
    estimateSize: (i) => (lines[i]?.kind === 'heading' ? HEADING_PX : CARD_LINE_PX),
    overscan: VIRTUAL_OVERSCAN,
  });
  return (
    <div ref={setScroller} role="region" aria-label="Health check cards" className="relative min-h-64 flex-1 overflow-auto">
      {lines.length === 0 && <EmptyState title={emptyText} />}
      <div style={{ height: virtualizer.getTotalSize() }} className="relative w-full">
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index]!;
          return (
            <div key={line.key} className="absolute left-0 right-0" style={{ top: item.start, height: item.size }}>
              {line.kind === 'heading' ? (
                <button
                  type="button"
                  aria-expanded={line.expanded}
                  onClick={() => onToggleGroup(line.key.slice('group:'.length))}
                  className="flex h-9 w-full items-center gap-2 rounded px-1 text-left text-sm font-medium hover:bg-accent/50"
                >
                  {line.expanded ? <ChevronDown aria-hidden className="size-4" /> : <ChevronRight aria-hidden className="size-4" />}
                  <HealthDot health={line.status} />
                  <span className="truncate">{line.label}</span>
                  <Badge>{line.count}</Badge>
                </button>
              ) : (
                <div className="grid gap-2 pb-2" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
                  {line.checks.map((c) => (
                    <CheckCard key={c.id} check={c} onOpen={onOpenCheck} />
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
