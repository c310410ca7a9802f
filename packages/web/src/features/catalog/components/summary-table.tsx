import type { CatalogSummaryRow } from '@ops/shared';
import { formatCount } from '@ops/shared';
import { ChevronDown, ChevronRight, Star } from 'lucide-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';
import {
  buildSummaryTree,
  groupValue,
  allGroupKeys,
  visibleSummaryNodes,
  type SummaryGroup,
  type SummaryLeaf,
} from '../lib/summary-groups';
import { ambiguousShortTypes } from '../lib/catalog-format';
import { useFavoriteTypes } from '../lib/use-favorite-types';
import { AnalysisCountsCell, ChangesCount, CostCell } from './count-cells';
import { ConfigTypeLabel } from './config-type';
import { HealthChips } from './health-chips';

export interface SummaryTableProps {
  rows: readonly CatalogSummaryRow[];
  groupBy: readonly string[];
  onRowClick: (row: CatalogSummaryRow) => void;
}

/** Column title of a groupBy entry: 'cluster__tag' → 'CLUSTER', 'config_class' → 'CLASS'. */
function columnTitle(column: string): string {
  if (column === 'config_class') return 'Class';
  return column.replace(/__tag$/, '').replace(/_/g, ' ');
}

function onEnter(run: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      run();
    }
  };
}

const TH = 'h-9 whitespace-nowrap border-b bg-muted px-3 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground';

/**
 * The summary grouped table of /catalog: one row per group of the last groupBy entry, nested under
 * expandable headers for the others, with count, health chips, analysis, changes (30 d) and cost (30 d).
 */
export function SummaryTable({ rows, groupBy, onRowClick }: SummaryTableProps) {
  const [favorites, toggleFavorite] = useFavoriteTypes();
  const tree = useMemo(() => buildSummaryTree(rows, groupBy, favorites), [rows, groupBy, favorites]);
  // Few groups: open them all so the types show at once; many: start closed.
  const [expanded, setExpanded] = useState<Set<string> | null>(null);
  const open = useMemo(
    () => expanded ?? new Set(tree.length <= 1 || rows.length <= 20 ? allGroupKeys(tree) : []),
    [expanded, tree, rows.length],
  );
  const nodes = visibleSummaryNodes(tree, open);
  const last = groupBy.at(-1) ?? 'type';
  // Short type names only where no other listed type shares them.
  const ambiguous = useMemo(() => ambiguousShortTypes(rows.map((r) => groupValue(r, 'type'))), [rows]);
  const toggle = (key: string) => {
    const next = new Set(open);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setExpanded(next);
  };

  return (
    <div className="min-h-0 flex-1 overflow-auto rounded-lg border bg-card">
      <table aria-label="Catalog summary" className="w-full border-collapse text-sm">
        <thead className="sticky top-0 z-10">
          <tr>
            <th scope="col" className={TH}>
              {groupBy.map(columnTitle).join(' / ')}
            </th>
            <th scope="col" className={cn(TH, 'text-right')}>
              Count
            </th>
            <th scope="col" className={TH}>
              Health
            </th>
            <th scope="col" className={TH}>
              Analysis
            </th>
            <th scope="col" className={TH}>
              Changes
            </th>
            <th scope="col" className={TH}>
              Cost (30d)
            </th>
            <th scope="col" className={TH}>
              <span className="sr-only">Favorite</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {nodes.map((node) =>
            node.kind === 'group' ? (
              <GroupRow key={node.group.key} group={node.group} open={open.has(node.group.key)} onToggle={() => toggle(node.group.key)} />
            ) : (
              <LeafRow
                key={node.leaf.key}
                leaf={node.leaf}
                column={last}
                ambiguous={ambiguous}
                onClick={() => onRowClick(node.leaf.row)}
                onFavorite={() => toggleFavorite(node.leaf.row.type ?? '')}
              />
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

function GroupRow({ group, open, onToggle }: { group: SummaryGroup; open: boolean; onToggle: () => void }) {
  const Icon = open ? ChevronDown : ChevronRight;
  const label = group.value ?? '(none)';
  return (
    <tr
      className="cursor-pointer border-b bg-muted/30 hover:bg-accent/50"
      onClick={onToggle}
      onKeyDown={onEnter(onToggle)}
      tabIndex={0}
      aria-expanded={open}
    >
      <td className="h-[37px] px-3 font-medium" style={{ paddingLeft: 12 + group.depth * 20 }}>
        <span className="inline-flex items-center gap-1.5">
          <Icon aria-hidden className="size-4 text-muted-foreground" />
          {group.column === 'type' ? <ConfigTypeLabel type={label} /> : label}
        </span>
      </td>
      <td className="px-3 text-right tabular-nums">{formatCount(group.count)}</td>
      <td className="px-3">
        <HealthChips health={group.health} />
      </td>
      <td className="px-3">
        <AnalysisCountsCell analysis={group.analysis} />
      </td>
      <td className="px-3">
        <ChangesCount count={group.changes} />
      </td>
      <td className="px-3">
        <CostCell value={group.cost_total_30d} />
      </td>
      <td />
    </tr>
  );
}

function LeafRow({
  leaf,
  column,
  ambiguous,
  onClick,
  onFavorite,
}: {
  leaf: SummaryLeaf;
  column: string;
  ambiguous: ReadonlySet<string>;
  onClick: () => void;
  onFavorite: () => void;
}) {
  const { row } = leaf;
  const value = groupValue(row, column);
  return (
    <tr
      className="cursor-pointer border-b hover:bg-accent/50 focus-visible:bg-accent focus-visible:outline-none"
      onClick={onClick}
      onKeyDown={onEnter(onClick)}
      tabIndex={0}
    >
      <td className="h-[37px] px-3" style={{ paddingLeft: 12 + leaf.depth * 20 + (leaf.depth > 0 ? 20 : 0) }}>
        {column === 'type' ? <ConfigTypeLabel type={value} short={leaf.depth > 0 && !ambiguous.has(value ?? '')} /> : (value ?? '(none)')}
      </td>
      <td className="px-3 text-right tabular-nums">{formatCount(row.count)}</td>
      <td className="px-3">
        <HealthChips health={row.health} type={row.type ?? (column === 'type' ? value : null)} />
      </td>
      <td className="px-3">
        <AnalysisCountsCell analysis={row.analysis} />
      </td>
      <td className="px-3">
        <ChangesCount count={row.changes} />
      </td>
      <td className="px-3">
        <CostCell value={row.cost_total_30d} />
      </td>
      <td className="w-8 px-2">
        {row.type && (
          <button
            type="button"
            aria-label={leaf.isFavorite ? `Remove ${row.type} from favorites` : `Add ${row.type} to favorites`}
            aria-pressed={leaf.isFavorite}
            onClick={(e) => {
              e.stopPropagation();
              onFavorite();
            }}
            className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <Star aria-hidden className={cn('size-4', leaf.isFavorite && 'fill-warning text-warning')} />
          </button>
        )}
      </td>
    </tr>
  );
}
